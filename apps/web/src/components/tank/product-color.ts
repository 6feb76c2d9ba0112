/** A tank or product with no product (or a product with no colour) is drawn in this grey. */
export const NO_PRODUCT_COLOR = '#a6a6a6';
