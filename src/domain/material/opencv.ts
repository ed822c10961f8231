/**
 * OpenCV.js (`@techstark/opencv-js`, pinned: the build published with OpenCV 4.12, one 11 MB
 * JavaScript file with its WebAssembly inside, no install script and no download) loaded once per
 * process. Only the OCR child loads it (ocr-child.ts → straighten.ts): ≈ 0.4 s and ≈ 85 MB of
 * resident memory, which the bot's own process never pays.
 *
 * Why OpenCV and not a few hand-written filters: finding a photographed page's four corners
 * (contours, polygon fitting), the perspective warp and the illumination correction are exactly
 * what it is kept for; writing them again would be plumbing of our own to get right and maintain.
 */
import { createRequire } from 'node:module';
import type * as OpenCvModule from '@techstark/opencv-js';

export type OpenCv = typeof OpenCvModule;

const require = createRequire(import.meta.url);
let loading: Promise<OpenCv> | undefined;

/** The OpenCV module once its WebAssembly runtime is ready. */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve) => {
    // The module is a thenable that resolves to itself (emscripten): a promise resolved with it, or
    // an await on it, would loop forever. The runtime's own «initialised» callback says when it is
    // ready, and its `then` is taken away before the module is handed out.
    const before = { exception: process.listeners('uncaughtException'), rejection: process.listeners('unhandledRejection') };
    const cv = require('@techstark/opencv-js') as OpenCv & { onRuntimeInitialized?: () => void; then?: unknown };
    // Emscripten adds process handlers that rethrow any uncaught error (Node then prints the
    // throwing line: the library's one 10 MB line) and abort on any unhandled rejection; the
    // process's own handling stays as it was.
    for (const l of process.listeners('uncaughtException')) if (!before.exception.includes(l)) process.off('uncaughtException', l);
    for (const l of process.listeners('unhandledRejection')) if (!before.rejection.includes(l)) process.off('unhandledRejection', l);
    const ready = () => {
      delete cv.then;
      resolve(cv);
    };
    if (typeof cv.Mat === 'function') ready();
    else cv.onRuntimeInitialized = ready;
  });
  return loading;
}
