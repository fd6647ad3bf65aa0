// The clipboard, for the secrets a screen shows once (a second factor's key, a webhook's signing secret).

/** Hands text to the clipboard; false when the browser refuses (no permission, an insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
