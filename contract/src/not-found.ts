/**
 * The 404 page's heading, in a module of its own (MESSAGES repeats it): the 404 page, and a product page of a
 * withdrawn tool, need not load the whole catalogue of messages.
 */
export const NOT_FOUND_MESSAGE = "Oops! The page you're looking for isn't here";
