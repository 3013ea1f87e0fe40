/** Vite's client types for the site: CSS imports and `import.meta.env`. */
/// <reference types="vite/client" />
