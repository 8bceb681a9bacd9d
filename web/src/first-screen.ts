/** The id of the script element that carries a server-rendered page's query data. */
export const FIRST_SCREEN_DATA_ID = "first-screen-data";
