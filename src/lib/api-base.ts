/** The API root: same origin by default, another server implementing the same API when VITE_API_URL is set at build time. */
export const API_BASE_URL = `${import.meta.env.VITE_API_URL ?? ''}/api`;
