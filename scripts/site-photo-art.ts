/**
 * The artwork of the site's images, as SVG drawn from shapes only: four photobooth frames of
 * party props (no people, no stock), the small footer mirror ball and the generic link-preview
 * card. `scripts/site-photos-drawn.ts` renders them with Chromium.
 */

/** Film grain and a soft vignette, shared by the photobooth frames. */
const FILM = `
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" result="noise"/>
    <feColorMatrix type="saturate" values="0"/>
    <feComponentTransfer><feFuncA type="linear" slope="0.18"/></feComponentTransfer>
    <feBlend in2="SourceGraphic" mode="multiply"/>
  </filter>
  <radialGradient id="vignette" cx="50%" cy="45%" r="75%">
    <stop offset="60%" stop-color="#000" stop-opacity="0"/>
    <stop offset="100%" stop-color="#000" stop-opacity="0.45"/>
  </radialGradient>
  <radialGradient id="flash" cx="50%" cy="30%" r="60%">
    <stop offset="0%" stop-color="#fff" stop-opacity="0.35"/>
    <stop offset="100%" stop-color="#fff" stop-opacity="0"/>
  </radialGradient>`;

/** A mirror ball of `r` at (`cx`, `cy`): facets clipped to a circle, with a highlight. */
function mirrorBall(cx: number, cy: number, r: number, id: string): string {
  const facets: string[] = [];
  const size = r / 5;
  for (let y = -r; y < r; y += size) {
    for (let x = -r; x < r; x += size) {
      const shade = 150 + Math.round(((x * 7 + y * 13 + 1000) % 90) as number);
      facets.push(
        `<rect x="${cx + x + 1}" y="${cy + y + 1}" width="${size - 2}" height="${size - 2}" fill="rgb(${shade},${shade},${shade + 15})"/>`,
      );
    }
  }
  return `
    <clipPath id="${id}"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
    <line x1="${cx}" y1="0" x2="${cx}" y2="${cy - r}" stroke="#ddd" stroke-width="4"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#666"/>
    <g clip-path="url(#${id})">${facets.join('')}</g>
    <circle cx="${cx - r * 0.35}" cy="${cy - r * 0.35}" r="${r * 0.18}" fill="#fff" opacity="0.85"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#444" stroke-width="3"/>`;
}

/** A martini glass tilted by `angle` degrees around its foot at (`x`, `y`). */
function cocktail(x: number, y: number, angle: number, liquid: string): string {
  return `<g transform="rotate(${angle} ${x} ${y})">
    <path d="M ${x - 110} ${y - 330} L ${x + 110} ${y - 330} L ${x} ${y - 190} Z" fill="#fff" fill-opacity="0.55" stroke="#fff" stroke-width="6"/>
    <path d="M ${x - 88} ${y - 316} L ${x + 88} ${y - 316} L ${x} ${y - 205} Z" fill="${liquid}"/>
    <circle cx="${x + 40}" cy="${y - 300}" r="16" fill="#7bbf3a" stroke="#fff" stroke-width="3"/>
    <rect x="${x - 5}" y="${y - 192}" width="10" height="180" fill="#fff"/>
    <ellipse cx="${x}" cy="${y - 8}" rx="70" ry="14" fill="#fff"/>
  </g>`;
}

/** Scattered confetti from a fixed seed. */
function confetti(count: number, seed: number, colors: readonly string[]): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    const color = colors[i % colors.length];
    const x = Math.round(next() * 800);
    const y = Math.round(next() * 1000);
    const angle = Math.round(next() * 180);
    pieces.push(
      `<rect x="${x}" y="${y}" width="14" height="26" rx="3" fill="${color}" transform="rotate(${angle} ${x} ${y})"/>`,
    );
  }
  return pieces.join('');
}

/** Four-point sparkles. */
function sparkle(x: number, y: number, size: number, color = '#fff'): string {
  const s = size;
  return `<path d="M ${x} ${y - s} Q ${x} ${y} ${x + s} ${y} Q ${x} ${y} ${x} ${y + s} Q ${x} ${y} ${x - s} ${y} Q ${x} ${y} ${x} ${y - s} Z" fill="${color}"/>`;
}

/** Wraps a scene of 800 × 1000 in the photobooth look: flash, grain, vignette, a date stamp. */
function photobooth(backdrop: string, scene: string, stamp: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 1000" width="800" height="1000">
    <defs>${FILM}</defs>
    <g filter="url(#grain)">
      <rect width="800" height="1000" fill="${backdrop}"/>
      <rect width="800" height="1000" fill="url(#flash)"/>
      ${scene}
      <rect width="800" height="1000" fill="url(#vignette)"/>
    </g>
    <text x="770" y="970" text-anchor="end" font-family="monospace" font-size="34" fill="#ffb347" opacity="0.9">${stamp}</text>
  </svg>`;
}

/** The four photobooth frames, in order. */
export function photoboothArt(): string[] {
  const stamp = "07 26 '25";
  return [
    photobooth(
      '#f06fa4',
      `${mirrorBall(400, 260, 150, 'ball1')}
       ${cocktail(300, 930, -14, '#ffd1e6')}
       ${cocktail(500, 930, 14, '#ffe08a')}
       ${sparkle(140, 200, 40)}${sparkle(660, 180, 30)}${sparkle(650, 520, 24)}${sparkle(160, 560, 28)}`,
      stamp,
    ),
    photobooth(
      '#1fa69a',
      `<path d="M 60 760 C 200 660, 300 860, 420 760 S 640 660, 760 780" fill="none" stroke="#ff8fc8" stroke-width="70" stroke-linecap="round" stroke-dasharray="2 12"/>
       <path d="M 60 760 C 200 660, 300 860, 420 760 S 640 660, 760 780" fill="none" stroke="#ffb3da" stroke-width="36" stroke-linecap="round"/>
       <g transform="translate(400 420)">
         <path d="M -40 0 Q 0 -30 40 0" fill="none" stroke="#222" stroke-width="14"/>
         <path d="M -40 -10 C -40 -80, -170 -80, -170 -10 C -170 50, -90 90, -40 110 C -10 80, -40 40, -40 -10 Z" fill="#ff2e63" stroke="#222" stroke-width="12"/>
         <path d="M 40 -10 C 40 -80, 170 -80, 170 -10 C 170 50, 90 90, 40 110 C 10 80, 40 40, 40 -10 Z" fill="#ff2e63" stroke="#222" stroke-width="12"/>
         <path d="M -170 -30 L -260 -60" stroke="#222" stroke-width="12" stroke-linecap="round"/>
         <path d="M 170 -30 L 260 -60" stroke="#222" stroke-width="12" stroke-linecap="round"/>
         <ellipse cx="-120" cy="-30" rx="22" ry="12" fill="#fff" opacity="0.7"/>
         <ellipse cx="90" cy="-30" rx="22" ry="12" fill="#fff" opacity="0.7"/>
       </g>
       ${sparkle(150, 170, 36)}${sparkle(640, 220, 44)}${sparkle(580, 600, 22)}`,
      stamp,
    ),
    photobooth(
      '#ffcf3f',
      `${confetti(70, 42, ['#ff5e7e', '#2bb3ff', '#7a5cff', '#ffffff'])}
       <g transform="rotate(-12 260 520)">
         <rect x="250" y="520" width="16" height="420" fill="#8b5a2b"/>
         <path d="M 258 520 C 200 430, 90 480, 70 540 C 130 500, 190 520, 258 560 C 326 520, 386 500, 446 540 C 426 480, 316 430, 258 520 Z" fill="#2b1d14"/>
       </g>
       <g transform="rotate(10 560 500)">
         <rect x="552" y="500" width="16" height="440" fill="#8b5a2b"/>
         <path d="M 460 430 C 500 380, 540 400, 560 420 C 580 400, 620 380, 660 430 C 620 470, 500 470, 460 430 Z" fill="#e0143c"/>
         <path d="M 460 430 C 500 520, 620 520, 660 430 C 620 460, 500 460, 460 430 Z" fill="#b50d2f"/>
       </g>`,
      stamp,
    ),
    photobooth(
      '#2a1446',
      `<defs>
         <filter id="neon" x="-20%" y="-50%" width="140%" height="200%">
           <feGaussianBlur stdDeviation="9" result="blur"/>
           <feMerge><feMergeNode in="blur"/><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge>
         </filter>
       </defs>
       <g>
         ${[0, 1, 2, 3, 4, 5]
           .map((row) =>
             [0, 1, 2, 3, 4, 5, 6, 7]
               .map((col) => {
                 const colors = ['#ff3fa4', '#3fd0ff', '#ffe83f', '#8a3fff'];
                 const y = 640 + row * 60;
                 const color = colors[(row + col) % colors.length];
                 return `<rect x="${col * 100 + 4}" y="${y}" width="92" height="56" fill="${color}" opacity="${0.25 + 0.1 * (row % 3)}"/>`;
               })
               .join(''),
           )
           .join('')}
       </g>
       <rect x="110" y="230" width="580" height="250" rx="40" fill="none" stroke="#ff4fd8" stroke-width="10" filter="url(#neon)"/>
       <text x="400" y="335" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-style="italic" font-weight="bold" font-size="92" fill="#fff5fd" stroke="#ff4fd8" stroke-width="3" filter="url(#neon)">just</text>
       <text x="400" y="440" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-style="italic" font-weight="bold" font-size="92" fill="#f2fdff" stroke="#3fd0ff" stroke-width="3" filter="url(#neon)">eloped</text>
       ${sparkle(120, 130, 30, '#ffe83f')}${sparkle(690, 140, 40, '#3fd0ff')}${sparkle(700, 560, 24, '#ff4fd8')}`,
      stamp,
    ),
  ];
}

/** The footer's small mirror ball, 160 × 160 (shown at 80 × 80). */
export function footerArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
    ${mirrorBall(80, 88, 60, 'footer-ball')}
    ${sparkle(22, 40, 14, '#ffcf3f')}${sparkle(140, 34, 10, '#ff6fa4')}${sparkle(140, 140, 12, '#3fd0ff')}
  </svg>`;
}

/**
 * The link-preview card, 1200 × 630: a sealed envelope and the words "A private invitation".
 * Generic on purpose: it is public, so it says nothing about whose party it is.
 */
export function previewCardArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
    <rect width="1200" height="630" fill="#1d1230"/>
    ${sparkle(150, 120, 30, '#ffcf3f')}${sparkle(1060, 110, 40, '#ff6fa4')}${sparkle(1080, 520, 26, '#3fd0ff')}${sparkle(130, 500, 22, '#fff')}
    <g transform="translate(600 270)">
      <rect x="-220" y="-140" width="440" height="280" rx="18" fill="#f7efe2"/>
      <path d="M -220 -130 L 0 40 L 220 -130" fill="none" stroke="#d9c9ae" stroke-width="10" stroke-linejoin="round"/>
      <circle cx="0" cy="40" r="46" fill="#c2185b"/>
      <path d="M 0 60 C -40 30, -30 0, 0 18 C 30 0, 40 30, 0 60 Z" fill="#f8bbd0"/>
    </g>
    <text x="600" y="540" text-anchor="middle" font-family="'DejaVu Serif', serif" font-size="64" fill="#f7efe2">A private invitation</text>
  </svg>`;
}
