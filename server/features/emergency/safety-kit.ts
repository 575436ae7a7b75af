// The Travel Safety Kit: a tagged PDF (real text, headings, paragraphs and lists a screen reader
// can follow) with the emergency numbers and advisory of each chosen country, safety tips and
// notes for each kind of access need. Standard Helvetica keeps the file small and the text
// selectable; every string here is Latin-1, which those fonts cover.

import PDFDocument from 'pdfkit';
import type { Advisory } from '../../../contracts/advisories.js';
import { advisoryLevelLabel } from '../../../contracts/advisory-levels.js';
import { formatUtcDay } from '../../../contracts/dates.values.js';
import type { EmergencyContact, SafetyKitPaper } from '../../../contracts/emergency.js';
import { KIT_GUIDANCE, type Block, type Section } from './kit-guidance.js';

export interface SafetyKitCountry {
  contact: EmergencyContact;
  advisory?: Advisory;
}

export interface SafetyKitOptions {
  countries: readonly SafetyKitCountry[];
  /**
   * Where the countries come from: the visitor chose them, they are the countries of the visitor's
   * trips, or no trip named a country and the kit falls back to the United States, Canada and Mexico.
   */
  basis: 'chosen' | 'trips' | 'fallback';
  paper: SafetyKitPaper;
  generatedAt: Date;
}

export const SAFETY_KIT_TITLE = 'Travel Safety Kit';
export const EMERGENCY_SERVICES_FIRST = 'In an emergency, contact local emergency services first.';

const PAPER = { a4: 'A4', letter: 'LETTER' } as const;
// 0.75 in / 19 mm at the sides fits both A4 (595 pt wide) and Letter (792 pt high) printers.
const MARGIN = 54;
const FOOTER_SPACE = 30;
const BODY_SIZE = 11;
const INK = '#111827';
const MUTED = '#374151';

const longDate = (date: Date | string) => formatUtcDay(new Date(date));

/** Writes the kit and resolves with the whole PDF. */
export function writeSafetyKit(options: SafetyKitOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAPER[options.paper],
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    tagged: true,
    lang: 'en',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: SAFETY_KIT_TITLE,
      Author: 'Accessible Journeys',
      Subject: `Emergency numbers, travel advisories, safety tips and accessibility notes for ${
        options.countries.map((c) => c.contact.country).join(', ') || 'your trip'
      }`,
      Keywords: 'emergency numbers, travel advisory, accessibility, travel safety',
      CreationDate: options.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = createWriter(doc);
  writer.title(options);
  for (const country of options.countries) writer.section(countrySection(country));
  for (const section of KIT_GUIDANCE) writer.section(section);
  writer.footers();
  doc.end();
  return done;
}

function createWriter(doc: PDFKit.PDFDocument) {
  const root = doc.struct('Document');
  doc.addStructure(root);
  const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = () => doc.page.margins.left;

  const headingStyle = (level: 'H1' | 'H2' | 'H3') => {
    const size = { H1: 24, H2: 16, H3: 13 }[level];
    doc.font('Helvetica-Bold').fontSize(size).fillColor(INK);
  };
  const bodyStyle = (strong = false, size = BODY_SIZE) =>
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(INK);

  const measure = (block: Block): number => {
    if (block.kind === 'p') bodyStyle(block.strong, block.size);
    else bodyStyle();
    const gap = BODY_SIZE * 0.5;
    if (block.kind === 'p') {
      const text = block.label ? `${block.label}: ${block.text}` : block.text;
      return doc.heightOfString(text, { width: width(), lineGap: 2 }) + gap;
    }
    return block.items.reduce(
      (sum, item) => sum + doc.heightOfString(item, { width: width() - 18, lineGap: 2 }) + 4,
      gap,
    );
  };
  const headingHeight = (section: Section) => {
    headingStyle(section.level);
    return doc.heightOfString(section.title, { width: width() }) + 10;
  };
  const room = () => doc.page.maxY() - doc.y;
  /** Starts a new page unless `height` fits on this one; a fresh page always counts as fitting. */
  const ensure = (height: number) => {
    if (height > room() && doc.y > doc.page.margins.top) doc.addPage();
  };

  const rule = () => {
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(left(), doc.y)
      .lineTo(left() + width(), doc.y)
      .lineWidth(0.75)
      .strokeColor('#6b7280')
      .stroke();
    doc.endMarkedContent();
  };

  const paragraph = (parent: PDFKit.PDFStructureElement, block: Block & { kind: 'p' }) => {
    ensure(measure(block));
    doc.x = left();
    if (block.label) {
      bodyStyle(true, block.size).text(`${block.label}: `, {
        continued: true,
        lineGap: 2,
        structParent: parent,
        structType: 'P',
      });
      bodyStyle(block.strong, block.size).text(block.text, { lineGap: 2 });
    } else {
      bodyStyle(block.strong, block.size).text(block.text, { lineGap: 2, structParent: parent });
    }
    doc.moveDown(0.5);
  };

  const list = (parent: PDFKit.PDFStructureElement, items: readonly string[]) => {
    const element = doc.struct('L');
    parent.add(element);
    for (const item of items) {
      ensure(measure({ kind: 'list', items: [item] }));
      // The bullet sits 8 pt in, the text 18 pt in.
      doc.x = left() + 6;
      bodyStyle().list([item], {
        listType: 'bullet',
        bulletRadius: 2,
        textIndent: 12,
        lineGap: 2,
        width: width() - 6,
        structParent: element,
      });
      doc.moveDown(0.3);
    }
    element.end();
    doc.x = left();
    doc.moveDown(0.2);
  };

  return {
    title({ countries, basis, generatedAt }: SafetyKitOptions) {
      headingStyle('H1');
      doc.text(SAFETY_KIT_TITLE, { structParent: root, structType: 'H1' });
      doc.moveDown(0.3);
      const names = countries.map((c) => c.contact.country).join(', ');
      const intro: (Block & { kind: 'p' })[] = [
        { kind: 'p', text: `Made on ${longDate(generatedAt)} for: ${names}.` },
        { kind: 'p', text: EMERGENCY_SERVICES_FIRST, strong: true },
      ];
      if (basis === 'trips') {
        intro.push({ kind: 'p', text: 'The countries are those of the trips in your planner.' });
      }
      if (basis === 'fallback') {
        intro.push({
          kind: 'p',
          text: 'No trip country found: none of the trips in your planner names a country we know, so this kit lists the United States, Canada and Mexico. Choose your countries on the Emergency information page to get a kit for your trip.',
        });
      }
      intro.push({
        kind: 'p',
        text: 'Numbers change. Where this kit says "not known", ask your accommodation or the local tourist office on arrival.',
      });
      for (const block of intro) paragraph(root, block);
      rule();
      doc.moveDown(0.8);
    },

    /**
     * A heading and its blocks. The heading starts a page rather than end one: it stays with its
     * first two blocks (a country's number and its Emergency Watch line); paragraphs never split.
     */
    section(section: Section) {
      ensure(
        section.blocks
          .slice(0, 2)
          .reduce((sum, block) => sum + measure(block), headingHeight(section)),
      );
      const element = doc.struct('Sect');
      root.add(element);
      headingStyle(section.level);
      doc.x = left();
      doc.text(section.title, { structParent: element, structType: section.level });
      doc.moveDown(0.3);
      for (const block of section.blocks) {
        if (block.kind === 'p') paragraph(element, block);
        else list(element, block.items);
      }
      element.end();
      doc.moveDown(0.6);
    },

    /** "Page N of M" on every page, marked as a pagination artifact screen readers skip. */
    footers() {
      const { start, count } = doc.bufferedPageRange();
      for (let index = start; index < start + count; index++) {
        doc.switchToPage(index);
        const label = `${SAFETY_KIT_TITLE} - Page ${index - start + 1} of ${count}`;
        doc.markContent('Artifact', { type: 'Pagination' });
        doc.font('Helvetica').fontSize(9).fillColor(MUTED);
        const y = doc.page.height - MARGIN - 12;
        const x = (doc.page.width - doc.widthOfString(label)) / 2;
        doc.text(label, x, y, { lineBreak: false });
        doc.endMarkedContent();
      }
    },
  };
}

function countrySection({ contact, advisory }: SafetyKitCountry): Section {
  const blocks: Block[] = [
    {
      kind: 'p',
      label: 'Emergency number',
      text: contact.emergencyNumber ?? 'not known',
      strong: true,
      size: 14,
    },
  ];
  const services = [
    ['Police', contact.police],
    ['Ambulance', contact.ambulance],
    ['Fire', contact.fire],
  ] as const;
  for (const [label, number] of services) {
    if (number) blocks.push({ kind: 'p', label, text: number });
  }
  if (contact.consularNumber) {
    blocks.push({
      kind: 'p',
      label: 'Emergency Watch (U.S. citizens)',
      text: `${contact.consularNumber} (see "For U.S. citizens abroad")`,
    });
  }
  blocks.push({
    kind: 'p',
    label: 'Deaf or hard of hearing',
    text: contact.deafAccess ?? 'not known',
  });
  if (contact.notes) blocks.push({ kind: 'p', label: 'Notes', text: contact.notes });
  blocks.push({ kind: 'p', label: 'Travel advisory', text: advisoryText(advisory) });
  blocks.push({
    kind: 'p',
    label: 'Source',
    text: `${contact.source}, checked ${longDate(contact.checkedAt)}${
      contact.verified ? '.' : '; not yet verified against the source.'
    }`,
  });
  return { title: `${contact.country} (${contact.countryCode})`, level: 'H2', blocks };
}

function advisoryText(advisory: Advisory | undefined): string {
  if (!advisory) {
    return 'none on file for this country; check travel.state.gov before you go.';
  }
  const level = `Level ${advisory.level}`;
  const lead = `${level}, ${advisoryLevelLabel(advisory.level) ?? advisory.title}.`;
  const updated = advisory.updatedAt ? ` Updated ${longDate(advisory.updatedAt)}.` : '';
  if (!advisory.summary) return `${lead}${updated}`;
  // Some summaries already open with the level ("Level 4: Do Not Travel. ...").
  const summary = advisory.summary.startsWith(level)
    ? advisory.summary
    : `${lead} ${advisory.summary}`;
  return `${summary}${updated}`;
}
