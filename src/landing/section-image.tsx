/** The illustration beside a landing section's text: 400 × 360, loaded when scrolled near. */
export function SectionImage({ src, alt }: { src: string; alt: string }) {
  return <img className="section-image" src={src} alt={alt} width="400" height="360" loading="lazy" decoding="async" />;
}
