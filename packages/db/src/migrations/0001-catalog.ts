import { sql, type Kysely } from 'kysely';

/** The catalogue: each entity keeps its whole source document plus the columns queries use. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`.execute(db);

  await sql`
    CREATE TABLE category (
      id integer PRIMARY KEY,
      parent_id integer,
      path text NOT NULL,
      level integer NOT NULL,
      position integer NOT NULL DEFAULT 0,
      name text NOT NULL,
      slug text NOT NULL,
      url_key text NOT NULL,
      url_path text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      include_in_menu boolean NOT NULL DEFAULT true,
      product_count integer NOT NULL DEFAULT 0,
      doc jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX category_parent_idx ON category (parent_id, position)`.execute(db);
  await sql`CREATE INDEX category_slug_idx ON category (slug)`.execute(db);
  await sql`CREATE INDEX category_url_path_idx ON category (url_path)`.execute(db);

  await sql`
    CREATE TABLE product (
      id integer PRIMARY KEY,
      sku text NOT NULL UNIQUE,
      type_id text NOT NULL,
      status smallint NOT NULL,
      visibility smallint NOT NULL,
      name text NOT NULL,
      slug text NOT NULL,
      url_key text NOT NULL,
      url_path text NOT NULL,
      parent_sku text,
      category_ids integer[] NOT NULL DEFAULT '{}',
      child_skus text[] NOT NULL DEFAULT '{}',
      price_cents integer NOT NULL DEFAULT 0,
      regular_price_cents integer NOT NULL DEFAULT 0,
      special_price_cents integer,
      special_from timestamptz,
      special_to timestamptz,
      tax_class_id integer NOT NULL DEFAULT 0,
      attrs jsonb NOT NULL DEFAULT '{}',
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  // Documents live apart from the queried columns: list queries scan narrow rows and read only
  // the documents of the page they return.
  await sql`
    CREATE TABLE product_doc (
      id integer PRIMARY KEY REFERENCES product (id) ON DELETE CASCADE,
      doc jsonb NOT NULL
    )`.execute(db);
  // Every change of a product's price or special price, for the lowest price of the previous
  // 30 days that Italian law requires next to a discount.
  await sql`
    CREATE TABLE price_history (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      sku text NOT NULL,
      regular_price_cents integer NOT NULL,
      special_price_cents integer,
      special_from timestamptz,
      special_to timestamptz,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX price_history_sku_idx ON price_history (sku, recorded_at DESC)`.execute(db);
  await sql`CREATE INDEX product_category_ids_idx ON product USING gin (category_ids)`.execute(db);
  await sql`CREATE INDEX product_child_skus_idx ON product USING gin (child_skus)`.execute(db);
  await sql`CREATE INDEX product_attrs_idx ON product USING gin (attrs jsonb_path_ops)`.execute(db);
  await sql`CREATE INDEX product_created_at_idx ON product (created_at DESC)`.execute(db);
  await sql`CREATE INDEX product_updated_at_idx ON product (updated_at DESC)`.execute(db);
  await sql`CREATE INDEX product_price_idx ON product (price_cents)`.execute(db);
  await sql`CREATE INDEX product_url_path_idx ON product (url_path)`.execute(db);
  await sql`CREATE INDEX product_parent_sku_idx ON product (parent_sku)`.execute(db);

  await sql`
    CREATE TABLE attribute (
      attribute_id integer PRIMARY KEY,
      attribute_code text NOT NULL UNIQUE,
      frontend_input text NOT NULL DEFAULT 'text',
      is_filterable boolean NOT NULL DEFAULT false,
      is_comparable boolean NOT NULL DEFAULT false,
      is_visible boolean NOT NULL DEFAULT true,
      is_user_defined boolean NOT NULL DEFAULT false,
      position integer NOT NULL DEFAULT 0,
      doc jsonb NOT NULL
    )`.execute(db);

  await sql`CREATE TABLE tax_rule (id integer PRIMARY KEY, doc jsonb NOT NULL)`.execute(db);

  await sql`
    CREATE TABLE review (
      id integer PRIMARY KEY,
      product_id integer NOT NULL,
      review_status smallint NOT NULL,
      doc jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX review_product_idx ON review (product_id)`.execute(db);

  for (const table of ['cms_page', 'cms_block']) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id integer PRIMARY KEY,
        identifier text NOT NULL UNIQUE,
        active boolean NOT NULL DEFAULT true,
        doc jsonb NOT NULL
      )`.execute(db);
  }

  await sql`
    CREATE TABLE shop_meta (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
