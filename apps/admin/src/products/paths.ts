/** The back office's addresses of the products screens (a SKU may hold any character). */
export const paths = {
  list: '/prodotti',
  new: '/prodotti/nuovo',
  product: (sku: string) => `/prodotti/${encodeURIComponent(sku)}`,
  images: (sku: string) => `/prodotti/${encodeURIComponent(sku)}/immagini`,
};
