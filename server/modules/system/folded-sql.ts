/**
 * Diacritic-insensitive matching on columns that keep the text as typed (account names, shop
 * names): the SQL folds them the way contract/fold.ts folds the search words (lower case, marks
 * dropped, đ → d), so "nguyen van an" finds "Nguyễn Văn An".
 */
import { sql, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { likePattern, searchWords } from '@server/kernel/sql';

const VIETNAMESE = 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ';
const PLAIN = [...VIETNAMESE].map((letter) => fold(letter)).join('');

/** Every search word found in the folded `text`. */
export function foldedWords(text: SQL, search: string | undefined): SQL[] {
  return searchWords(search).map((word) => sql`translate(lower(${text}), ${VIETNAMESE}, ${PLAIN}) like ${likePattern(word)}`);
}
