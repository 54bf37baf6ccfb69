/**
 * The shop's stores and showrooms (shopping.md §1 "a store locator"): configuration the shop
 * edits here. The demo rows name real cities with placeholder street addresses and numbers.
 */
export interface ShopStore {
  id: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  province: string;
  phone: string;
  email: string;
  /** Opening hours as the shop writes them, one line per group of days. */
  hours: readonly string[];
  /** WGS 84 position, for the map. */
  lat: number;
  lon: number;
}

export const STORES: readonly ShopStore[] = [
  {
    id: 'milano',
    name: 'Bottega Pro Milano (sede e showroom)',
    street: "Via dell'Esempio 1",
    postcode: '20121',
    city: 'Milano',
    province: 'MI',
    phone: '+39 02 0000 0001',
    email: 'milano@bottega-pro.example',
    hours: ['Lunedì–venerdì 8:30–18:00', 'Sabato 9:00–12:30'],
    lat: 45.4642,
    lon: 9.19,
  },
  {
    id: 'bologna',
    name: 'Bottega Pro Bologna',
    street: 'Via di Prova 12',
    postcode: '40121',
    city: 'Bologna',
    province: 'BO',
    phone: '+39 051 000 0002',
    email: 'bologna@bottega-pro.example',
    hours: ['Lunedì–venerdì 8:00–17:30'],
    lat: 44.4949,
    lon: 11.3426,
  },
  {
    id: 'napoli',
    name: 'Bottega Pro Napoli',
    street: 'Corso Campione 45',
    postcode: '80133',
    city: 'Napoli',
    province: 'NA',
    phone: '+39 081 000 0003',
    email: 'napoli@bottega-pro.example',
    hours: ['Lunedì–venerdì 8:30–13:00, 14:30–18:30', 'Sabato 9:00–13:00'],
    lat: 40.8518,
    lon: 14.2681,
  },
];
