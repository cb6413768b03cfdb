/** A page's `<title>`: its own title and the site's, or the site's alone. */
export const pageTitle = (title: string | undefined, siteTitle: string) =>
  title ? `${title} - ${siteTitle}` : siteTitle;
