export function chromiumPath(): string;
export const CHROMIUM_FLAGS: readonly string[];
