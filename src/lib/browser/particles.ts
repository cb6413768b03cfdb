export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

export interface Pointer {
  x: number;
  y: number;
}

export const PARTICLE_COUNT = 120;
export const LINK_DISTANCE = 110;
const POINTER_RADIUS = 160;
const MAX_SPEED = 1.2;

export function createParticles(
  count: number,
  width: number,
  height: number,
  random: () => number = Math.random,
): Particle[] {
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: (random() - 0.5) * 0.8,
    vy: (random() - 0.5) * 0.8,
    r: 1 + random() * 1.8,
  }));
}

/** One frame: drift, bounce off the edges, and lean towards the pointer when it is near. */
export function stepParticles(particles: Particle[], width: number, height: number, pointer: Pointer | null): void {
  for (const p of particles) {
    if (pointer) {
      const dx = pointer.x - p.x;
      const dy = pointer.y - p.y;
      const distance = Math.hypot(dx, dy);
      if (distance < POINTER_RADIUS && distance > 1) {
        p.vx += (dx / distance) * 0.03;
        p.vy += (dy / distance) * 0.03;
      }
    }
    const speed = Math.hypot(p.vx, p.vy);
    if (speed > MAX_SPEED) {
      p.vx = (p.vx / speed) * MAX_SPEED;
      p.vy = (p.vy / speed) * MAX_SPEED;
    }
    p.x += p.vx;
    p.y += p.vy;
    if (p.x < 0 || p.x > width) p.vx = -p.vx;
    if (p.y < 0 || p.y > height) p.vy = -p.vy;
    p.x = Math.min(width, Math.max(0, p.x));
    p.y = Math.min(height, Math.max(0, p.y));
  }
}
