/**
 * The server answers the PDF's path with its /api prefix; the API client adds its own base, so the
 * path is made relative to it. (Apart from the copies form's schema: printing a sale needs no zod.)
 */
export const toApiPath = (pdfUrl: string) => pdfUrl.replace(/^\/api(?=\/)/, '');
