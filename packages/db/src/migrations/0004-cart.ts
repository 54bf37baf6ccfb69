import { sql, type Kysely } from 'kysely';

/**
 * The server cart (shopping.md §3): carts by hashed token, lines, chosen methods and fees, and
 * the shop's configuration as data: coupons, shipping and payment methods, fees. Amounts are
 * integer cents; `*_hundredths` columns hold cents for fixed amounts and hundredths of a percent
 * for percentages (1.5 % = 150), so nothing is a float.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE coupon (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL,
      code_key text NOT NULL UNIQUE,
      description text NOT NULL DEFAULT '',
      discount_type text NOT NULL CHECK (discount_type IN ('percent', 'fixed')),
      discount_hundredths integer NOT NULL CHECK (discount_hundredths > 0),
      category_ids integer[],
      min_subtotal_cents integer NOT NULL DEFAULT 0,
      valid_from timestamptz,
      valid_to timestamptz,
      usage_limit integer CHECK (usage_limit >= 0),
      usage_per_customer integer CHECK (usage_per_customer >= 0),
      times_used integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true,
      CHECK (discount_type = 'fixed' OR discount_hundredths <= 10000)
    )`.execute(db);

  await sql`
    CREATE TABLE cart (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      customer_id integer,
      coupon_id integer REFERENCES coupon (id) ON DELETE SET NULL,
      shipping_carrier_code text,
      shipping_method_code text,
      payment_method text,
      shipping_address jsonb,
      billing_address jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX cart_customer_idx ON cart (customer_id) WHERE customer_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE cart_item (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      cart_id integer NOT NULL REFERENCES cart (id) ON DELETE CASCADE,
      sku text NOT NULL,
      parent_sku text,
      product_option jsonb,
      checksum text NOT NULL,
      qty integer NOT NULL CHECK (qty > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One line per product and options: adding the same again updates the line (and serves listing by cart).
  await sql`CREATE UNIQUE INDEX cart_item_line_idx ON cart_item (cart_id, sku, checksum)`.execute(db);

  await sql`
    CREATE TABLE shipping_method (
      carrier_code text NOT NULL,
      method_code text NOT NULL,
      carrier_title text NOT NULL,
      method_title text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      free_from_cents integer,
      countries text[] NOT NULL,
      surcharges jsonb NOT NULL DEFAULT '[]',
      is_default boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (carrier_code, method_code)
    )`.execute(db);

  await sql`
    CREATE TABLE payment_method (
      code text PRIMARY KEY,
      title text NOT NULL,
      cost_cents integer NOT NULL DEFAULT 0 CHECK (cost_cents >= 0),
      is_default boolean NOT NULL DEFAULT false,
      offline boolean NOT NULL DEFAULT false,
      is_server_method boolean NOT NULL DEFAULT false,
      hide_for_virtual boolean NOT NULL DEFAULT false,
      max_grand_total_cents integer,
      active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE fee (
      id integer PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('product', 'shipping')),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      category_ids integer[],
      active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE fee_option (
      id integer PRIMARY KEY,
      fee_id integer NOT NULL REFERENCES fee (id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      price_type text NOT NULL CHECK (price_type IN ('fixed', 'percent')),
      price_hundredths integer NOT NULL CHECK (price_hundredths >= 0),
      position integer NOT NULL DEFAULT 0
    )`.execute(db);
  // One row per (cart, line or 0 for the cart's shipping fees, fee): the selected options.
  await sql`
    CREATE TABLE cart_fee (
      cart_id integer NOT NULL REFERENCES cart (id) ON DELETE CASCADE,
      cart_item_id integer NOT NULL DEFAULT 0,
      fee_id integer NOT NULL REFERENCES fee (id) ON DELETE CASCADE,
      option_ids integer[] NOT NULL,
      PRIMARY KEY (cart_id, cart_item_id, fee_id)
    )`.execute(db);

  await seedConfiguration(db);
}

/**
 * The shop's starting configuration (README "Cart configuration"): shipping per catalogue.md §9
 * (5.49 EUR, Italy, 2-3 days), the payment methods of shopping.md §9, the fees of §1 and the
 * newsletter's 10 % coupon (§1). The shop edits these rows; code reads them.
 */
async function seedConfiguration(db: Kysely<unknown>): Promise<void> {
  // Islands by postcode: Sicily 90–98, Sardinia 07–09; bulky goods: refrigeration (90) and stainless tables (100).
  const surcharges = JSON.stringify([
    { kind: 'postcode', title: 'Supplemento isole', prefixes: ['07', '08', '09', '90', '91', '92', '93', '94', '95', '96', '97', '98'], amount: 1500 },
    { kind: 'category', title: 'Supplemento merce ingombrante', categoryIds: [90, 100], amount: 4900 },
  ]);
  await sql`
    INSERT INTO shipping_method (carrier_code, method_code, carrier_title, method_title, price_cents, free_from_cents, countries, surcharges, is_default, position)
    VALUES ('flatrate', 'flatrate', 'Corriere espresso', 'Consegna in 2-3 giorni', 549, 30000, '{IT}', cast(${surcharges}::text as jsonb), true, 0)`.execute(db);
  await sql`
    INSERT INTO payment_method (code, title, cost_cents, is_default, offline, is_server_method, hide_for_virtual, max_grand_total_cents, position) VALUES
      ('stripe', 'Credit/debit card', 0, false, false, false, false, NULL, 0),
      ('almapay', 'Pagamento in 3 rate con Alma', 0, false, false, false, false, NULL, 1),
      ('paypal_express', 'PayPal', 0, false, false, false, false, NULL, 2),
      ('banktransfer', 'Bonifico bancario anticipato', 0, true, true, false, false, NULL, 3),
      ('cashondelivery', 'Contrassegno', 600, false, true, false, true, 500000, 4)`.execute(db);
  await sql`
    INSERT INTO fee (id, kind, title, description, position) VALUES
      (1, 'product', 'Assicurazione trasporto', 'Copre danni e smarrimento durante il trasporto', 0),
      (2, 'shipping', 'Servizi di consegna', 'Servizi aggiuntivi del corriere', 0)`.execute(db);
  await sql`
    INSERT INTO fee_option (id, fee_id, title, description, price_type, price_hundredths, position) VALUES
      (1, 1, 'Assicurazione all-risk', '1,5 % del valore della merce', 'percent', 150, 0),
      (2, 2, 'Consegna con sponda idraulica', 'Per merce su bancale, senza banchina di scarico', 'fixed', 3500, 0),
      (3, 2, 'Consegna al piano', 'Consegna oltre il piano strada', 'fixed', 2500, 1),
      (4, 2, 'Preavviso telefonico', 'Il corriere chiama prima della consegna', 'fixed', 300, 2)`.execute(db);
  await sql`
    INSERT INTO coupon (code, code_key, description, discount_type, discount_hundredths, usage_per_customer)
    VALUES ('NEWSLETTER10', 'NEWSLETTER10', 'Newsletter: 10 % sul primo ordine', 'percent', 1000, 1)`.execute(db);
}
