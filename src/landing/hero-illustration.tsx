/** A phone showing a stay card; inline so the first screen needs no image request. Decorative. */
export function HeroIllustration() {
  return (
    <svg className="hero-illustration" width="320" height="360" viewBox="0 0 320 360" aria-hidden="true" focusable="false">
      <circle cx="170" cy="180" r="150" fill="#dbe8ff" />
      <circle cx="268" cy="62" r="26" fill="#ffd666" />
      <rect x="92" y="24" width="156" height="312" rx="26" fill="#0b2a4a" />
      <rect x="102" y="44" width="136" height="272" rx="16" fill="#fff" />
      <rect x="114" y="58" width="112" height="84" rx="10" fill="#8fd3f4" />
      <path d="M128 142l28-30 20 18 14-12 36 24z" fill="#6fbf73" />
      <path d="M146 106l24-20 24 20v20h-48z" fill="#f4efe6" />
      <path d="M140 108l30-26 30 26" fill="none" stroke="#c0543c" strokeWidth="6" strokeLinejoin="round" />
      <rect x="164" y="110" width="12" height="16" fill="#0958d9" />
      <rect x="114" y="154" width="84" height="10" rx="5" fill="#1f2937" />
      <rect x="114" y="172" width="60" height="8" rx="4" fill="#9ca3af" />
      <path d="M116 196l3 6 6 1-4.5 4 1 6-5.5-3-5.5 3 1-6-4.5-4 6-1z" fill="#faad14" />
      <rect x="130" y="198" width="40" height="8" rx="4" fill="#9ca3af" />
      <rect x="114" y="226" width="112" height="36" rx="18" fill="#0958d9" />
      <rect x="140" y="240" width="60" height="8" rx="4" fill="#fff" />
      <rect x="114" y="276" width="52" height="26" rx="8" fill="#eef2f7" />
      <rect x="174" y="276" width="52" height="26" rx="8" fill="#eef2f7" />
      <rect x="20" y="210" width="96" height="58" rx="12" fill="#fff" stroke="#d0d7e2" />
      <circle cx="42" cy="239" r="12" fill="#52c41a" />
      <path d="M36 239l4 4 8-8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="60" y="230" width="44" height="7" rx="3.5" fill="#1f2937" />
      <rect x="60" y="243" width="32" height="7" rx="3.5" fill="#9ca3af" />
    </svg>
  );
}
