/**
 * The online résumé as a PDF (A4), for HR's 下载简历. pdfkit embeds only the glyphs used (a
 * subset), so a résumé stays small although a CJK font is 5–20 MB.
 *
 * The font comes from Debian: fonts-wqy-microhei (5 MB, Apache-2.0 / GPL-3 with the font
 * exception), else fonts-noto-cjk (SIL OFL 1.1). npm has no single-file CJK font of reasonable
 * size (the packages there ship 57–184 MB of weights or web-font slices). Without any a PDF cannot
 * show Chinese: pdfFont() is null and the download says so (RESUME_PDF_FONT_MISSING_MSG) while
 * Word still works.
 */
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { ResumeDocument } from './document.js';

interface FontFace {
  file: string;
  /** the face inside a .ttc collection */
  face: string;
}

/**
 * Where Debian's packages put a Simplified-Chinese face. TrueType outlines first: fontkit subsets
 * them in tens of milliseconds into ~20 KB, while the CFF outlines of fonts-noto-cjk take about
 * half a second per document and add ~100 KB (measured here) — still used when nothing else is
 * installed. WenQuanYi has no bold face: bold is drawn by stroking the regular one.
 */
const CANDIDATES: { regular: FontFace; bold?: FontFace }[] = [
  { regular: { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' } },
  { regular: { file: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', face: 'WenQuanYiZenHei' } },
  {
    regular: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
    bold: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', face: 'NotoSansCJKsc-Bold' },
  },
];

export interface PdfFont {
  regular: FontFace;
  /** null: no bold face, stroke the regular one */
  bold: FontFace | null;
}

let found: PdfFont | null | undefined;

/** The CJK font the PDF uses, or null when none is installed (looked up once). */
export function pdfFont(): PdfFont | null {
  if (found === undefined) {
    const c = CANDIDATES.find((x) => fs.existsSync(x.regular.file));
    found = c ? { regular: c.regular, bold: c.bold && fs.existsSync(c.bold.file) ? c.bold : null } : null;
  }
  return found;
}

/**
 * Each face parsed once per process and shared by every document: parsing the 20 MB collection
 * and its glyph tables anew took seconds per résumé; the parsed font keeps them cached.
 */
const parsed = new Map<string, fontkit.Font>();
function faceOf(f: FontFace): fontkit.Font {
  const key = `${f.file}#${f.face}`;
  let font = parsed.get(key);
  if (!font) {
    font = fontkit.openSync(f.file, f.face) as fontkit.Font;
    parsed.set(key, font);
  }
  return font;
}

const INK = '#1f2329';
const MUTED = '#5c6370';
const ACCENT = '#1664ff';
const RULE = '#d9dde3';

/** The PDF's bytes. `font` from pdfFont(). */
export function renderResumePdf(doc: ResumeDocument, font: PdfFont, footer: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    info: { Title: `${doc.name}的简历`, Creator: footer },
  });
  // pdfkit takes a parsed fontkit font as it is (its types name only paths and buffers)
  pdf.registerFont('body', faceOf(font.regular) as never);
  pdf.registerFont('bold', faceOf(font.bold ?? font.regular) as never);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  /** Bold type: the bold face, or the regular one stroked in its own colour. */
  const strong = (size: number, color: string): PDFKit.Mixins.TextOptions => {
    pdf.font('bold').fontSize(size).fillColor(color);
    if (font.bold) return {};
    pdf.strokeColor(color).lineWidth(size / 28);
    return { stroke: true, fill: true };
  };
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  /** Starts a new page when fewer than `need` points are left, so a heading never ends a page. */
  const room = (need: number) => {
    if (pdf.y + need > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  };

  // Header: name, short facts, then the details in two columns.
  pdf.text(doc.name, left, pdf.y, strong(22, INK));
  pdf.moveDown(0.2);
  pdf.font('body').fontSize(11).fillColor(MUTED).text(doc.facts.join('  ·  '));
  pdf.moveDown(0.6);
  const half = width / 2;
  for (let i = 0; i < doc.details.length; i += 2) {
    const y = pdf.y;
    let bottom = y;
    for (const [j, d] of doc.details.slice(i, i + 2).entries()) {
      pdf.font('body').fontSize(10).fillColor(MUTED).text(`${d[0]}：`, left + j * half, y, { continued: true });
      pdf.fillColor(INK).text(d[1], { width: half - 8 });
      bottom = Math.max(bottom, pdf.y);
    }
    pdf.y = bottom + 2;
  }
  pdf.x = left;
  pdf.moveDown(0.4);
  pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).lineWidth(1.5).strokeColor(ACCENT).stroke();
  pdf.moveDown(0.8);

  const heading = (title: string) => {
    room(60);
    pdf.moveDown(0.4);
    const y = pdf.y;
    pdf.rect(left, y + 2, 3, 13).fill(ACCENT);
    pdf.text(title, left + 10, y, strong(13, INK));
    pdf.moveTo(left, pdf.y + 3).lineTo(left + width, pdf.y + 3).lineWidth(0.5).strokeColor(RULE).stroke();
    pdf.x = left;
    pdf.moveDown(0.6);
  };

  if (doc.intro) {
    heading('自我评价');
    pdf.font('body').fontSize(10.5).fillColor(INK).text(doc.intro, left, pdf.y, { width, lineGap: 3 });
  }

  for (const section of doc.sections) {
    heading(section.title);
    for (const e of section.entries) {
      room(40);
      const y = pdf.y;
      const periodWidth = e.period ? 130 : 0;
      if (e.period) pdf.font('body').fontSize(10).fillColor(MUTED).text(e.period, left + width - periodWidth, y + 1, { width: periodWidth, align: 'right' });
      pdf.text(e.title, left, y, { ...strong(11.5, INK), width: width - periodWidth - 8 });
      if (e.facts.length) pdf.font('body').fontSize(10).fillColor(MUTED).text(e.facts.join('  |  '), left, pdf.y + 2, { width, lineGap: 2 });
      for (const t of e.texts) {
        pdf.moveDown(0.2);
        pdf.font('body').fontSize(10).fillColor(MUTED).text(`${t.label}：`, left, pdf.y, { width });
        pdf.font('body').fontSize(10.5).fillColor(INK).text(t.text, left, pdf.y + 1, { width, lineGap: 3 });
      }
      pdf.moveDown(0.8);
    }
  }

  // Footers once every page exists: who made it, when the résumé changed, page n / m.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.font('body').fontSize(8.5).fillColor(MUTED)
      .text(`${footer} · 简历更新于 ${doc.updated} · 第 ${i + 1} / ${range.count} 页`, left, pdf.page.height - 40, { width, align: 'center', lineBreak: false });
    pdf.page.margins.bottom = bottom;
  }
  pdf.end();
  return done;
}
