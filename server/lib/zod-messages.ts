// Zod's default messages do not name the field; the API's 400 answers should. A schema's own
// message (the product's texts, docs/product.md §20, set in src/contracts/) always wins over this.
import { z } from 'zod';

const english = z.locales.en();

export function installFieldNamedMessages(): void {
  z.config({
    customError: (issue) => {
      const base = english.localeError?.(issue);
      const message = typeof base === 'string' ? base : (base?.message ?? 'Invalid value');
      const field = (issue.path ?? []).map(String).join('.');
      return field ? `${field}: ${message}` : message;
    },
  });
}
