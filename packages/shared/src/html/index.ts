// The HTML an article may hold: one allow-list for every place that cleans article HTML,
// the server on write (sanitize-html), the admin's editor before anything reaches the live
// page (DOMPurify) and the public page before rendering (its own tokeniser).
export * from './article-html.ts';
export * from './escape.ts';
