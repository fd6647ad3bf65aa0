// A function that does its work the first time it is called and nothing after: for giving back a
// slot or a turn from every path that may end a piece of work (a close event, a finally), each once.

/** `action` on the first call, nothing on any later one. */
export function once(action: () => void): () => void {
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    action();
  };
}
