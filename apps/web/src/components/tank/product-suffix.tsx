/**
 * " · 92# Gasoline" after a tank's name, or nothing for a tank without a product. The name sits in
 * its own <bdi>, so an Arabic page keeps the parts in order; the separator stays outside it.
 */
export function ProductSuffix({ name }: { name: string | null | undefined }) {
  return name ? (
    <>
      {' · '}
      <bdi>{name}</bdi>
    </>
  ) : null;
}
