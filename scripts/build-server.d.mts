/** Bundles the server into `outdir` and answers the packages the bundle imports at run time. */
export function buildServer(outdir?: string): Promise<{ outdir: string; packages: string[] }>;
