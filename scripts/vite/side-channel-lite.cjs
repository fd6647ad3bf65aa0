// What the web build gives `require('side-channel')`. Refine parses and writes its URLs with qs, which
// keeps the containers it has met (its cycle check, its copies of the input) in a side channel: a map
// from an object to a value for the length of one call. The package does that with WeakMaps found
// through get-intrinsic, call-bind and their helpers, and names a key in an error through
// object-inspect: about 11 KB of gzip in the back-office's first load. A Map, dropped when the call
// ends, is all qs needs (docs/decisions/023-list-declarations-without-zod.md).
module.exports = function getSideChannel() {
  const entries = new Map();
  return {
    assert(key) {
      if (!entries.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => entries.delete(key),
    get: (key) => entries.get(key),
    has: (key) => entries.has(key),
    set(key, value) {
      entries.set(key, value);
    },
  };
};
