// What the web build gives `require('object-inspect')`. Refine parses and writes its URLs with qs,
// which keeps its cycle checks in side-channel, which imports object-inspect for one thing: naming a
// key in the message of `assert()`, a call qs never makes. object-inspect is 17.5 KB of the
// back-office's first load (about 5 KB compressed); this names the key well enough.
module.exports = function inspect(value) {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
};
