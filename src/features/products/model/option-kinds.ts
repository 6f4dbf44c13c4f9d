/**
 * The four catalogue lists (brands, categories, groups, units). Kept apart from the API code: the
 * /product/catalogue route reads the kinds while validating its URL, and that code ships with the
 * app's entry, so it must not pull the API client or the database in.
 */
export type OptionKind = 'brand' | 'category' | 'group' | 'unit';
export const OPTION_KINDS: readonly OptionKind[] = ['brand', 'category', 'group', 'unit'];

export const OPTION_LABELS: Record<OptionKind, { title: string; one: string }> = {
  brand: { title: 'Thương hiệu', one: 'thương hiệu' },
  category: { title: 'Danh mục', one: 'danh mục' },
  group: { title: 'Nhóm sản phẩm', one: 'nhóm sản phẩm' },
  unit: { title: 'Đơn vị tính', one: 'đơn vị tính' },
};
