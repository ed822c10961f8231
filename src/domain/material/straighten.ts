/**
 * A photo or scan of a page made flat and level before Tesseract reads it (issue 43 §5). Runs only
 * in the OCR child (ocr-child.ts), which is the one process that loads OpenCV.js (opencv.ts):
 *
 * 1. decoded (PNG, JPEG, WebP) with the canvas library the PDF reader already uses, grey, at most
 *    WORK_SIDE pixels a side;
 * 2. specks (a scanner's dust, a phone's sensor noise) removed by a 3 × 3 median;
 * 3. perspective: the page's four corners found on a small copy (its edges, the largest outline's
 *    convex hull, a four-sided polygon fitted to it) and the page warped to a rectangle — only when the
 *    page leaves some background in the frame; a scan that fills it is left as it is;
 * 4. uneven light: each pixel divided by the page's own brightness around it (the text dilated away,
 *    then blurred), so a shadowed corner reads as white paper again;
 * 5. skew: the angle whose rows of ink are sharpest (projection profile: the sum of squared row
 *    counts peaks when text lines are level), searched within ±MAX_SKEW and turned back.
 *
 * The result is a greyscale PGM, which Tesseract's image library reads without another encoding.
 */
import { loadOpenCv, type OpenCv } from './opencv.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** Longest side the page is worked on (a 12-megapixel phone photo fits; bigger ones are scaled down). */
export const WORK_SIDE = 4000;
/** Longest side of the copy the page's corners are looked for on. */
const FIND_SIDE = 640;
/** The page's outline must cover at least this share of the photo to be taken for the page. */
const MIN_PAGE_SHARE = 0.2;
/** …and at most this share: above it the page fills the frame (a scan) and is not warped. */
const MAX_PAGE_SHARE = 0.97;
/** Widest skew looked for, in degrees (a page turned further is a photo to take again). */
export const MAX_SKEW = 8;
/** A skew smaller than this is left alone, in degrees. */
const MIN_SKEW = 0.1;

export interface Straightened {
  /** The page as a binary PGM (P5), grey. */
  pgm: Uint8Array;
  width: number;
  height: number;
  /** Whether the page's corners were found and the page warped to a rectangle. */
  perspective: boolean;
  /** The skew turned back, in degrees (positive: the text rose to the right). */
  degrees: number;
}

/** The image's pixels, grey, at most WORK_SIDE a side. Throws when the bytes are no image. */
async function decodeGrey(cv: OpenCv, bytes: Uint8Array): Promise<Mat> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(bytes));
  const scale = Math.min(1, WORK_SIDE / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0, w, h);
  const rgba = cv.matFromImageData(ctx.getImageData(0, 0, w, h) as unknown as ImageData);
  const grey = new cv.Mat();
  cv.cvtColor(rgba, grey, cv.COLOR_RGBA2GRAY);
  rgba.delete();
  return grey;
}

type Point = { x: number; y: number };

/** The page's corners (top-left, top-right, bottom-right, bottom-left) in `grey`'s pixels, or undefined. */
export function pageCorners(cv: OpenCv, grey: Mat): Point[] | undefined {
  const f = FIND_SIDE / Math.max(grey.cols, grey.rows);
  const small = new cv.Mat();
  const mats: Mat[] = [small];
  try {
    cv.resize(grey, small, new cv.Size(Math.round(grey.cols * f), Math.round(grey.rows * f)), 0, 0, cv.INTER_AREA);
    // Edges, not a brightness threshold: under uneven light a shadowed corner of the page can be
    // darker than the lit desk, but the page's border is still an edge all around.
    const edges = new cv.Mat();
    mats.push(edges);
    cv.GaussianBlur(small, edges, new cv.Size(5, 5), 0);
    cv.Canny(edges, edges, 30, 90);
    const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3));
    mats.push(kernel);
    cv.dilate(edges, edges, kernel);
    const contours = new cv.MatVector();
    const hierarchy = new cv.Mat();
    mats.push(hierarchy);
    cv.findContours(edges, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best: Mat | undefined;
    let bestArea = 0;
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const hull = new cv.Mat();
      cv.convexHull(c, hull, false, true);
      c.delete();
      const area = cv.contourArea(hull);
      if (area > bestArea) {
        best?.delete();
        [best, bestArea] = [hull, area];
      } else hull.delete();
    }
    contours.delete();
    if (!best) return undefined;
    mats.push(best);
    const share = bestArea / (small.cols * small.rows);
    if (share < MIN_PAGE_SHARE || share > MAX_PAGE_SHARE) return undefined;
    const poly = new cv.Mat();
    mats.push(poly);
    cv.approxPolyDP(best, poly, 0.02 * cv.arcLength(best, true), true);
    if (poly.rows !== 4) return undefined;
    const pts: Point[] = [];
    for (let i = 0; i < 4; i++) pts.push({ x: poly.data32S[2 * i]! / f, y: poly.data32S[2 * i + 1]! / f });
    return orderCorners(pts);
  } finally {
    for (const m of mats) m.delete();
  }
}

/** Four points as top-left, top-right, bottom-right, bottom-left. */
export function orderCorners(pts: readonly Point[]): Point[] {
  const by = (key: (p: Point) => number, max: boolean) => pts.reduce((a, b) => ((max ? key(b) > key(a) : key(b) < key(a)) ? b : a));
  return [by((p) => p.x + p.y, false), by((p) => p.x - p.y, true), by((p) => p.x + p.y, true), by((p) => p.y - p.x, true)];
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The quadrilateral `corners` of `grey` warped to an upright rectangle its own size. */
function unwarp(cv: OpenCv, grey: Mat, corners: Point[]): Mat {
  const [tl, tr, br, bl] = corners as [Point, Point, Point, Point];
  const w = Math.round(Math.max(dist(tl, tr), dist(bl, br)));
  const h = Math.round(Math.max(dist(tl, bl), dist(tr, br)));
  const src = cv.matFromArray(4, 1, cv.CV_32FC2, [tl.x, tl.y, tr.x, tr.y, br.x, br.y, bl.x, bl.y]);
  const dst = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, w - 1, 0, w - 1, h - 1, 0, h - 1]);
  const m = cv.getPerspectiveTransform(src, dst);
  const out = new cv.Mat();
  cv.warpPerspective(grey, out, m, new cv.Size(w, h), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
  src.delete();
  dst.delete();
  m.delete();
  return out;
}

/** `grey` divided by its background brightness (in place): shadows and gradients flattened to white paper. */
function evenLight(cv: OpenCv, grey: Mat): void {
  const f = 0.25;
  const small = new cv.Mat();
  const bg = new cv.Mat();
  cv.resize(grey, small, new cv.Size(Math.max(1, Math.round(grey.cols * f)), Math.max(1, Math.round(grey.rows * f))), 0, 0, cv.INTER_AREA);
  // Dark strokes dilated away (the paper around them wins), then smoothed: the light falling on the page.
  const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(9, 9));
  cv.dilate(small, small, kernel);
  cv.medianBlur(small, small, 21);
  cv.resize(small, bg, new cv.Size(grey.cols, grey.rows), 0, 0, cv.INTER_LINEAR);
  cv.divide(grey, bg, grey, 255);
  kernel.delete();
  small.delete();
  bg.delete();
}

/**
 * The page's skew in degrees (positive: lines rise to the right) by projection profile on a copy at
 * most 1,000 pixels wide: ink pixels binned by their row once turned by each candidate angle.
 */
export function skewDegrees(cv: OpenCv, grey: Mat): number {
  const f = Math.min(1, 1000 / grey.cols);
  const small = new cv.Mat();
  cv.resize(grey, small, new cv.Size(Math.max(1, Math.round(grey.cols * f)), Math.max(1, Math.round(grey.rows * f))), 0, 0, cv.INTER_AREA);
  const xs: number[] = [];
  const ys: number[] = [];
  const d = small.data;
  for (let y = 0; y < small.rows; y++) {
    for (let x = 0; x < small.cols; x++) {
      if (d[y * small.cols + x]! < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  const { rows } = small;
  small.delete();
  if (xs.length < 50) return 0;
  const score = (deg: number) => {
    const t = (deg * Math.PI) / 180;
    const s = Math.sin(t);
    const c = Math.cos(t);
    const bins = new Float64Array(rows * 2 + 4);
    const off = rows;
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i]! * c + xs[i]! * s) + off;
      if (r >= 0 && r < bins.length) bins[r]!++;
    }
    let sum = 0;
    for (const b of bins) sum += b * b;
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let at = 0;
    let top = -1;
    for (let a = from; a <= to + 1e-9; a += step) {
      const v = score(a);
      if (v > top) [top, at] = [v, a];
    }
    return at;
  };
  const coarse = best(-MAX_SKEW, MAX_SKEW, 0.25);
  return Math.round(best(coarse - 0.25, coarse + 0.25, 0.025) * 1000) / 1000;
}

/** `grey` turned by `degrees` about its centre, white where the turn uncovers the frame. */
function turn(cv: OpenCv, grey: Mat, degrees: number): Mat {
  const m = cv.getRotationMatrix2D(new cv.Point(grey.cols / 2, grey.rows / 2), degrees, 1);
  const out = new cv.Mat();
  cv.warpAffine(grey, out, m, new cv.Size(grey.cols, grey.rows), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(255));
  m.delete();
  return out;
}

/** A grey Mat as a binary PGM. */
function pgmOf(grey: Mat): Uint8Array {
  const header = Buffer.from(`P5\n${grey.cols} ${grey.rows}\n255\n`, 'latin1');
  const out = new Uint8Array(header.length + grey.cols * grey.rows);
  out.set(header, 0);
  out.set(grey.data.subarray(0, grey.cols * grey.rows), header.length);
  return out;
}

/** The image's page, flat, evenly lit and level (see the module's comment). Throws when the bytes are no image. */
export async function straighten(bytes: Uint8Array): Promise<Straightened> {
  const cv = await loadOpenCv();
  let grey = await decodeGrey(cv, bytes);
  try {
    // Specks of dust and sensor noise (salt and pepper) removed first: Tesseract reads each as a
    // mark («.», «“», «-») and loses its confidence in the whole line.
    cv.medianBlur(grey, grey, 3);
    const corners = pageCorners(cv, grey);
    if (corners) {
      const flat = unwarp(cv, grey, corners);
      grey.delete();
      grey = flat;
    }
    evenLight(cv, grey);
    const degrees = skewDegrees(cv, grey);
    if (Math.abs(degrees) >= MIN_SKEW) {
      // getRotationMatrix2D turns counter-clockwise for a positive angle: the text that rose is laid level.
      const level = turn(cv, grey, -degrees);
      grey.delete();
      grey = level;
    }
    return { pgm: pgmOf(grey), width: grey.cols, height: grey.rows, perspective: corners !== undefined, degrees };
  } finally {
    grey.delete();
  }
}
