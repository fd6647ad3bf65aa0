// Writes the demo pictures the app serves itself (public/demo): flat SVG property photos, profile
// pictures and ID document mock-ups. Deterministic: running it again produces the same files.
// Usage: node scripts/generate-demo-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outputDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'demo');

const SKIES = ['#bfe3f5', '#ffd8b5', '#c9e7d8', '#e3d7f7', '#fbe7a1', '#cfe0f7'];
const WALLS = ['#f4efe6', '#f2c6a0', '#d9e4ec', '#f7e1b5', '#e8d0cb', '#cfe3c8', '#fff4e0', '#e0d6f0'];
const ROOFS = ['#c0543c', '#33658a', '#6b4f3a', '#2f4858', '#b5651d', '#7a3b69'];
const GROUNDS = ['#9bc47a', '#d8c48f', '#86b36b', '#e2cf9f'];
const ACCENTS = ['#2a9d8f', '#e76f51', '#264653', '#f4a261', '#8e5572', '#3a86ff'];

function svg(width, height, label, body) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${label}">${body}</svg>\n`
  );
}

function colour(list, index) {
  return list[index % list.length];
}

function windowGrid(left, top, columns, rows, size, gap, fill) {
  const windows = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const x = left + column * (size + gap);
      const y = top + row * (size + gap);
      windows.push(`<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="2" fill="${fill}"/>`);
    }
  }
  return windows.join('');
}

function house(index) {
  const wall = colour(WALLS, index);
  const roof = colour(ROOFS, index);
  return (
    `<rect x="110" y="140" width="180" height="110" fill="${wall}"/>` +
    `<path d="M95 145 200 70 305 145Z" fill="${roof}"/>` +
    `<rect x="185" y="190" width="32" height="60" rx="3" fill="${colour(ACCENTS, index)}"/>` +
    windowGrid(130, 165, 1, 1, 34, 0, '#8fd3f4') +
    windowGrid(236, 165, 1, 1, 34, 0, '#8fd3f4')
  );
}

function apartmentBlock(index) {
  const wall = colour(WALLS, index + 3);
  return (
    `<rect x="130" y="60" width="140" height="190" fill="${wall}"/>` +
    `<rect x="130" y="52" width="140" height="10" fill="${colour(ROOFS, index + 1)}"/>` +
    windowGrid(146, 76, 4, 5, 22, 10, '#8fd3f4') +
    `<rect x="186" y="222" width="28" height="28" fill="${colour(ACCENTS, index + 2)}"/>`
  );
}

function villa(index) {
  const wall = colour(WALLS, index + 5);
  return (
    `<rect x="70" y="150" width="260" height="100" fill="${wall}"/>` +
    `<rect x="150" y="100" width="130" height="55" fill="${wall}"/>` +
    `<rect x="140" y="92" width="150" height="10" fill="${colour(ROOFS, index + 2)}"/>` +
    `<rect x="60" y="142" width="280" height="10" fill="${colour(ROOFS, index + 2)}"/>` +
    windowGrid(90, 172, 3, 1, 30, 18, '#8fd3f4') +
    windowGrid(165, 112, 3, 1, 26, 14, '#8fd3f4') +
    `<rect x="255" y="185" width="34" height="65" rx="17" fill="${colour(ACCENTS, index)}"/>`
  );
}

function room(index) {
  const wall = colour(WALLS, index + 1);
  const accent = colour(ACCENTS, index + 3);
  return (
    `<rect width="400" height="300" fill="${wall}"/>` +
    `<rect y="220" width="400" height="80" fill="#c8a27a"/>` +
    `<rect x="250" y="50" width="110" height="90" rx="4" fill="#bfe3f5" stroke="#fff" stroke-width="6"/>` +
    `<rect x="50" y="160" width="170" height="60" rx="10" fill="${accent}"/>` +
    `<rect x="40" y="140" width="30" height="80" rx="8" fill="${accent}"/>` +
    `<rect x="200" y="140" width="30" height="80" rx="8" fill="${accent}"/>` +
    `<rect x="270" y="175" width="70" height="45" fill="#8d6e63"/>` +
    `<circle cx="305" cy="165" r="12" fill="#6ab04c"/>`
  );
}

function palm(x) {
  return (
    `<rect x="${x - 3}" y="170" width="6" height="80" fill="#8d6e63"/>` +
    `<path d="M${x} 170c-25-5-35 5-40 15 15-10 25-10 40-15Zm0 0c25-5 35 5 40 15-15-10-25-10-40-15Zm0 0c-5-20 5-30 15-33-8 12-10 20-15 33Z" fill="#3c9d5d"/>`
  );
}

function propertyPhoto(index) {
  const scenes = [house, apartmentBlock, villa, room];
  const scene = scenes[index % scenes.length];
  if (scene === room) return svg(400, 300, 'Property interior', room(index));
  const body =
    `<rect width="400" height="300" fill="${colour(SKIES, index)}"/>` +
    `<circle cx="${60 + ((index * 37) % 280)}" cy="50" r="22" fill="#fff3b0"/>` +
    `<rect y="245" width="400" height="55" fill="${colour(GROUNDS, index)}"/>` +
    scene(index) +
    (index % 3 === 0 ? palm(350) : '');
  return svg(400, 300, 'Property exterior', body);
}

function avatar(index) {
  const background = colour(['#d6eaf8', '#fdebd0', '#d5f5e3', '#f5d5e8', '#e8daef', '#fcf3cf'], index);
  const skin = colour(['#8d5524', '#c68642', '#e0ac69', '#6b4226', '#a1665e'], index);
  const clothing = colour(ACCENTS, index + Math.floor(index / 6));
  const isHeadscarf = index % 3 === 1;
  const head = isHeadscarf
    ? `<path d="M100 42c-30 0-44 24-44 50 0 20 8 36 20 46h48c12-10 20-26 20-46 0-26-14-50-44-50Z" fill="${colour(ROOFS, index + Math.floor(index / 3))}"/>` +
      `<ellipse cx="100" cy="90" rx="24" ry="29" fill="${skin}"/>`
    : `<circle cx="100" cy="82" r="32" fill="${skin}"/><path d="M68 78c0-24 14-36 32-36s32 12 32 36c-8-12-20-16-32-16s-24 4-32 16Z" fill="#2d2424"/>`;
  const body = `<rect width="200" height="200" fill="${background}"/><path d="M40 200c0-40 26-66 60-66s60 26 60 66Z" fill="${clothing}"/>${head}`;
  return svg(200, 200, 'Profile picture', body);
}

function idDocument(index, title) {
  const band = colour(['#1f5f8b', '#2e7d32', '#8e2c48'], index);
  const lines = [0, 1, 2, 3].map((line) => `<rect x="130" y="${82 + line * 22}" width="${150 - line * 18}" height="9" rx="4" fill="#c5ccd6"/>`).join('');
  const body =
    `<rect width="320" height="200" rx="14" fill="#f3f6fa"/>` +
    `<rect width="320" height="46" rx="14" fill="${band}"/><rect y="30" width="320" height="16" fill="${band}"/>` +
    `<text x="20" y="30" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff">${title}</text>` +
    `<rect x="22" y="66" width="90" height="110" rx="6" fill="#dfe6ee"/>` +
    `<circle cx="67" cy="106" r="22" fill="#9aa8b8"/><path d="M32 176c0-28 16-42 35-42s35 14 35 42Z" fill="#9aa8b8"/>` +
    lines +
    `<text x="160" y="150" font-family="sans-serif" font-size="34" font-weight="700" fill="#d32f2f" fill-opacity=".35" ` +
    `text-anchor="middle" transform="rotate(-18 160 140)">SPECIMEN</text>`;
  return svg(320, 200, `${title} specimen`, body);
}

function writeImage(name, content) {
  const size = Buffer.byteLength(content);
  if (size >= 3072) throw new Error(`${name} is ${size} bytes; demo images must stay under 3 KB`);
  writeFileSync(path.join(outputDirectory, name), content);
}

mkdirSync(outputDirectory, { recursive: true });
for (let index = 0; index < 12; index += 1) {
  writeImage(`property-${String(index + 1).padStart(2, '0')}.svg`, propertyPhoto(index));
}
for (let index = 0; index < 10; index += 1) {
  writeImage(`avatar-${String(index + 1).padStart(2, '0')}.svg`, avatar(index));
}
['PASSPORT', 'NATIONAL ID', "DRIVER'S LICENSE"].forEach((title, index) => {
  writeImage(`id-document-${index + 1}.svg`, idDocument(index, title.replace("'", '&#39;')));
});
process.stdout.write(`demo images written to ${outputDirectory}\n`);
