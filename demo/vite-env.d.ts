/** Vite's client types for the demo: CSS imports. */
/// <reference types="vite/client" />
