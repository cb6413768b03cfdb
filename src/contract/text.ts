/** How text is counted and what it may hold, the same in every form and request check. */

/** Length as a reader counts it: an emoji or any character outside the BMP is one. */
export const charCount = (text: string) => [...text].length;

/** Control characters other than tab and line breaks: invisible, and nobody types them. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacters = (text: string) => CONTROL.test(text);
