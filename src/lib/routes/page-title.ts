/** Page titles: the home page passes no page name and shows only the product name. */
export function pageTitle(pageName: string | null | undefined, productName: string): string {
  const name = pageName?.trim();
  return name ? `${name} | ${productName}` : productName;
}
