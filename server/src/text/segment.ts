import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import type { SQL } from 'drizzle-orm';
import { sql } from '../db/index.js';

/**
 * Chinese word segmentation for job search. Documents are cut in search mode (every dictionary
 * word inside a longer one too: 高级前端开发工程师 → 高级 前端 开发 前端开发 工程 工程师), queries
 * in precise mode, and each query word is matched either whole or by the smaller words it is made
 * of, so 软件工程 finds 软件工程师. HMM is off on both sides so that a word never cuts
 * differently in a title and in a query.
 */

/** Words of the recruitment trade that the general dictionary lacks or would split. */
const TRADE_WORDS = [
  '后端', '全栈', '运维', '测试开发', '嵌入式', '大模型', '小程序', '鸿蒙', '产品经理', '项目经理', '架构师',
  '算法工程师', '数据分析师', '新媒体', '短视频', '直播', '电商', '跨境电商', '客服', '文员', '出纳', '审计',
  '猎头', '招聘专员', '人力资源', '质检', '品控', '叉车', '仓管', '理货', '骑手', '配送员', '快递员',
  '网约车', '货车', '驾驶员', '护士', '护工', '药剂师', '医师', '规培', '博士后', '辅导员', '教研',
  '助教', '讲师', '幼师', '保育员', '健身教练', '咖啡师', '烘焙', '面点', '服务员', '收银员', '店长',
  '导购', '置业顾问', '物业', '安防', '保安', '保洁', '育婴师', '月嫂', '电工', '焊工', '钳工', '数控',
  'CNC', '机修', '普工', '操作工', '技术员', '工艺工程师', '结构工程师', '造价', '施工员', '资料员',
  'Java', 'Python', 'Golang', 'PHP', 'Android', 'iOS', 'Web', 'UI', 'UE', 'AI',
];

let jieba: Jieba | null = null;
function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(TRADE_WORDS.map((w) => `${w} 50000 n`).join('\n')));
  }
  return jieba;
}

/** Letters, digits or CJK; everything else (spaces, punctuation) separates words. */
const WORDLIKE = /[\p{L}\p{N}]/u;
const clean = (words: string[]) => words.map((w) => w.trim().toLowerCase()).filter((w) => w && WORDLIKE.test(w));

/** The words stored for a document, space-separated (to_tsvector('simple') keeps them as they are). */
export function indexWords(text: string): string {
  return clean(segmenter().cutForSearch(text, false)).join(' ');
}

const isCjkChar = (w: string) => [...w].length === 1 && /\p{Script=Han}/u.test(w);

/**
 * The tsquery for a keyword string, or null when it holds no searchable word. Every word must
 * match (AND); a word is matched whole or by the smaller dictionary words it is made of; single
 * Chinese characters that the dictionary could not join (an unknown word) must stand together.
 */
export function keywordQuery(key: string): SQL | null {
  const j = segmenter();
  const words = clean(j.cut(key, false));
  if (!words.length) return null;
  const parts: SQL[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) parts.push(sql`phraseto_tsquery('simple', ${run.join(' ')})`);
    run = [];
  };
  for (const w of words) {
    if (isCjkChar(w)) {
      run.push(w);
      continue;
    }
    flush();
    const pieces = partsOf(j, w);
    parts.push(
      pieces
        ? sql`(plainto_tsquery('simple', ${w}) || plainto_tsquery('simple', ${pieces.join(' ')}))`
        : sql`plainto_tsquery('simple', ${w})`,
    );
  }
  flush();
  return sql.join(parts, sql` && `);
}

/** The smaller dictionary words (two or more characters) that cover a word end to end, if any. */
function partsOf(j: Jieba, word: string): string[] | null {
  const subs = new Set(clean(j.cutForSearch(word, false)).filter((s) => s !== word && [...s].length >= 2));
  if (!subs.size) return null;
  const out: string[] = [];
  let rest = word;
  while (rest) {
    let best = '';
    for (const s of subs) if (rest.startsWith(s) && s.length > best.length) best = s;
    if (!best) return null;
    out.push(best);
    rest = rest.slice(best.length);
  }
  return out.length > 1 ? out : null;
}

/**
 * The tsquery for text being typed into a search box, or null when it holds no word: every word
 * as the beginning of a word (前 finds 前端, 前端开 finds 前端 and 开发), all required.
 */
export function prefixQuery(key: string): SQL | null {
  const words = clean(segmenter().cut(key, false));
  if (!words.length) return null;
  const quoted = words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
  return sql`to_tsquery('simple', ${quoted})`;
}
