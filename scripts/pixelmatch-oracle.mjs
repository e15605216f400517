#!/usr/bin/env node
// Counts of pixelmatch 7.2 itself on a synthetic image pair, for RegressionTests (OracleTests).
//
// The pair is built with integer arithmetic only, so Tests/RegressionTests/Comparison/OracleTests.swift builds the
// very same bytes. The counts come from mapbox/pixelmatch's own index.js at tag v7.2.0, not from forkrender:
//
//     git clone --depth 1 --branch v7.2.0 https://github.com/mapbox/pixelmatch /tmp/pixelmatch
//     node scripts/pixelmatch-oracle.mjs /tmp/pixelmatch/index.js
import {pathToFileURL} from 'node:url';
import path from 'node:path';

const {default: pixelmatch} = await import(pathToFileURL(path.resolve(process.argv[2] ?? 'index.js')).href);
const W = 64, H = 48;
const MASK = (1n << 64n) - 1n;

class LCG {
    constructor(seed) { this.s = BigInt(seed) & MASK; }
    next() {
        this.s = (this.s * 6364136223846793005n + 1442695040888963407n) & MASK;
        return Number(this.s >> 33n);
    }
}

// An 8x8-supersampled disc, center and radius in 1/8 pixel: coverage k/64 blends color over the image.
function disc(img, cx8, cy8, r8, color) {
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
        let k = 0;
        for (let sy = 0; sy < 8; sy++) for (let sx = 0; sx < 8; sx++) {
            const dx = x * 8 + sx - cx8, dy = y * 8 + sy - cy8;
            if (dx * dx + dy * dy <= r8 * r8) k++;
        }
        if (k) {
            const o = (y * W + x) * 4;
            for (let c = 0; c < 3; c++) img[o + c] = Math.floor((img[o + c] * (64 - k) + color[c] * k) / 64);
        }
    }
}

function image(shift) {
    const img = new Uint8Array(W * H * 4);
    for (let i = 0; i < W * H; i++) img.set([242, 242, 247, 255], 4 * i);
    disc(img, 8 * 20 + 3 + shift, 8 * 22 + 5, 8 * 11 + 2, [0, 122, 255]);
    disc(img, 8 * 45 + shift, 8 * 25 + 1, 8 * 9 + 5, [28, 28, 30]);
    return img;
}

const a = image(0), b = image(3);
// Planted changes on b: isolated pixels far from the discs, of various strengths, and a few translucent ones.
const rng = new LCG(2024);
for (let n = 0; n < 40; n++) {
    const x = rng.next() % W, y = rng.next() % H, o = (y * W + x) * 4;
    for (let c = 0; c < 3; c++) b[o + c] = rng.next() % 256;
    if (n % 5 === 0) b[o + 3] = rng.next() % 256;
}
for (const includeAA of [true, false]) {
    for (const threshold of [0, 0.05, 0.1, 0.2, 0.5]) {
        console.log(`includeAA=${includeAA} threshold=${threshold}: ${pixelmatch(a, b, null, W, H, {threshold, includeAA})}`);
    }
}
