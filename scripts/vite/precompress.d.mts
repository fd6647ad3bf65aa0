import type { Plugin } from 'vite';

/** Writes a .br and a .gz beside every text asset of the build, for @fastify/static's `preCompressed`. */
export function precompress(): Plugin;
