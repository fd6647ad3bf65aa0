import type { ReactNode } from 'react';

// Simplified 3:2 drawings of the 12 flagged countries of src/contracts/countries.ts: flag emoji show as
// two letters or empty boxes on Windows and on Linux without an emoji font, so the screen draws its own.
const WIDTH = 30;
const HEIGHT = 20;

const stripes = (colors: readonly string[], isVertical = false) =>
  colors.map((color, index) =>
    isVertical ? (
      <rect key={color + index} x={(WIDTH / colors.length) * index} y={0} width={WIDTH / colors.length} height={HEIGHT} fill={color} />
    ) : (
      <rect key={color + index} x={0} y={(HEIGHT / colors.length) * index} width={WIDTH} height={HEIGHT / colors.length} fill={color} />
    ),
  );

const nordicCross = (background: string, cross: string, inner?: string) => (
  <>
    <rect width={WIDTH} height={HEIGHT} fill={background} />
    <rect x={8} y={0} width={5} height={HEIGHT} fill={cross} />
    <rect x={0} y={7.5} width={WIDTH} height={5} fill={cross} />
    {inner ? (
      <>
        <rect x={9.25} y={0} width={2.5} height={HEIGHT} fill={inner} />
        <rect x={0} y={8.75} width={WIDTH} height={2.5} fill={inner} />
      </>
    ) : null}
  </>
);

const star = (cx: number, cy: number, radius: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, index) => {
    const angle = -Math.PI / 2 + (index * Math.PI) / 5;
    const length = index % 2 === 0 ? radius : radius * 0.4;
    return `${(cx + length * Math.cos(angle)).toFixed(2)},${(cy + length * Math.sin(angle)).toFixed(2)}`;
  });
  return <polygon points={points.join(' ')} fill={fill} />;
};

const FLAGS: Record<string, ReactNode> = {
  US: (
    <>
      {stripes(Array.from({ length: 13 }, (_, index) => (index % 2 === 0 ? '#b22234' : '#ffffff')))}
      <rect width={12} height={10.77} fill="#3c3b6e" />
    </>
  ),
  GB: (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#012169" />
      <path d="M0,0 L30,20 M30,0 L0,20" stroke="#ffffff" strokeWidth={4} />
      <path d="M0,0 L30,20 M30,0 L0,20" stroke="#c8102e" strokeWidth={1.5} />
      <path d="M15,0 V20 M0,10 H30" stroke="#ffffff" strokeWidth={6} />
      <path d="M15,0 V20 M0,10 H30" stroke="#c8102e" strokeWidth={3.5} />
    </>
  ),
  CA: (
    <>
      {stripes(['#d80621', '#ffffff', '#ffffff', '#d80621'], true)}
      {star(15, 10, 5, '#d80621')}
    </>
  ),
  SO: (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#4189dd" />
      {star(15, 10, 6, '#ffffff')}
    </>
  ),
  KE: (
    <>
      {stripes(['#000000', '#ffffff', '#bb0000', '#ffffff', '#006600'].flatMap((color) => (color === '#ffffff' ? [color] : [color, color, color])))}
      <ellipse cx={15} cy={10} rx={3} ry={6} fill="#bb0000" stroke="#000000" strokeWidth={0.5} />
    </>
  ),
  ET: (
    <>
      {stripes(['#078930', '#fcdd09', '#da121a'])}
      <circle cx={15} cy={10} r={5} fill="#0f47af" />
      {star(15, 10, 3.5, '#fcdd09')}
    </>
  ),
  DJ: (
    <>
      {stripes(['#6ab2e7', '#12ad2b'])}
      <polygon points="0,0 15,10 0,20" fill="#ffffff" />
      {star(5, 10, 2.5, '#d7141a')}
    </>
  ),
  AE: (
    <>
      {stripes(['#00732f', '#ffffff', '#000000'])}
      <rect width={8} height={HEIGHT} fill="#ff0000" />
    </>
  ),
  TR: (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#e30a17" />
      <circle cx={11} cy={10} r={5} fill="#ffffff" />
      <circle cx={12.25} cy={10} r={4} fill="#e30a17" />
      {star(18, 10, 2.5, '#ffffff')}
    </>
  ),
  DE: stripes(['#000000', '#dd0000', '#ffce00']),
  SE: nordicCross('#006aa7', '#fecc00'),
  NO: nordicCross('#ba0c2f', '#ffffff', '#00205b'),
};

/** A small flag for one of the 12 flagged countries (by ISO code), or null for any other code. */
export function CountryFlag({ code }: { code: string }) {
  const drawing = FLAGS[code.toUpperCase()];
  if (!drawing) return null;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={21}
      height={14}
      aria-hidden
      focusable="false"
      data-country={code.toUpperCase()}
      style={{ verticalAlign: '-2px', marginInlineEnd: 6, borderRadius: 2, boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.15)' }}
    >
      {drawing}
    </svg>
  );
}
