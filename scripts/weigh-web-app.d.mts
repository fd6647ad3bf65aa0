interface Weight {
  gzipKb: number;
  files: { file: string; gzipKb: number }[];
  targetKb: number;
  meetsTarget: boolean;
}
export const WEB_BUDGETS_KB: { landing: number; login: number; adminFirstLoad: number };
export function weighWebApp(dist: string): { landing: Weight; login: Weight; adminFirstLoad: Weight; builtAt: string };
