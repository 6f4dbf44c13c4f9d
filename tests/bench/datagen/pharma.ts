/**
 * A pharmaceutical distributor's catalogue, generated: products named the way Vietnamese catalogues
 * name them (ingredient + maker + strength, brand + strength, or a health product's Vietnamese
 * name), registration numbers (VD-/VN-/893…, health supplements ĐKSP), makers and countries,
 * categories, prescription groups, units with conversions and prices in đồng, and EAN-13 barcodes
 * under Vietnamese GS1 company prefixes (893 + four digits per maker).
 */
import { ean13 } from '@server/seed/ean13';
import type { Random } from './random';

export const GROUPS = {
  otc: 'Thuốc không kê đơn',
  etc: 'Thuốc kê đơn',
  supplement: 'Thực phẩm chức năng',
  device: 'Dụng cụ y tế',
  cosmetic: 'Mỹ phẩm',
} as const;
type GroupKey = keyof typeof GROUPS;

type Form = 'tablet' | 'capsule' | 'film' | 'effervescent' | 'syrup' | 'sachet' | 'cream' | 'drops' | 'ampoule' | 'device' | 'bottle';

/** [ingredient, category, group, strengths, forms, price of one base unit in đồng (min, max)] */
type Ingredient = [string, string, GroupKey, string[], Form[], [number, number]];

const PAIN = 'Giảm đau, hạ sốt';
const ANTIBIOTIC = 'Kháng sinh';
const HEART = 'Tim mạch';
const DIGEST = 'Tiêu hóa';
const BREATH = 'Hô hấp';
const ALLERGY = 'Dị ứng';
const DIABETES = 'Đái tháo đường';
const VITAMIN = 'Vitamin và khoáng chất';
const NERVE = 'Thần kinh';
const JOINT = 'Cơ xương khớp';
const SKIN = 'Da liễu';
const EYE = 'Mắt, tai mũi họng';
const EXTERNAL = 'Dùng ngoài';
const MEDICAL = 'Đồ dùng y tế';
const CARE = 'Chăm sóc cá nhân';
const LIVER = 'Gan mật';
const WOMEN = 'Sản phụ khoa';

const INGREDIENTS: Ingredient[] = [
  ['Paracetamol', PAIN, 'otc', ['500mg', '650mg', '250mg', '150mg', '80mg'], ['tablet', 'effervescent', 'sachet', 'syrup'], [300, 3000]],
  ['Paracetamol, Caffeine', PAIN, 'otc', ['500mg; 65mg'], ['tablet'], [800, 2000]],
  ['Ibuprofen', PAIN, 'otc', ['200mg', '400mg', '100mg/5ml'], ['tablet', 'film', 'syrup'], [500, 2500]],
  ['Diclofenac', JOINT, 'etc', ['50mg', '75mg', '1%'], ['tablet', 'cream'], [400, 1500]],
  ['Meloxicam', JOINT, 'etc', ['7,5mg', '15mg'], ['tablet'], [500, 2500]],
  ['Celecoxib', JOINT, 'etc', ['100mg', '200mg'], ['capsule'], [1500, 6000]],
  ['Glucosamin', JOINT, 'supplement', ['500mg', '1500mg'], ['capsule', 'sachet'], [1500, 8000]],
  ['Eperison', JOINT, 'etc', ['50mg'], ['film'], [1200, 3000]],
  ['Amoxicillin', ANTIBIOTIC, 'etc', ['250mg', '500mg', '1g'], ['capsule', 'sachet', 'film'], [700, 3500]],
  ['Amoxicillin, Acid clavulanic', ANTIBIOTIC, 'etc', ['500mg/125mg', '875mg/125mg', '250mg/31,25mg'], ['film', 'sachet'], [4000, 15000]],
  ['Cefuroxim', ANTIBIOTIC, 'etc', ['250mg', '500mg'], ['film', 'sachet'], [3000, 12000]],
  ['Cefixim', ANTIBIOTIC, 'etc', ['100mg', '200mg'], ['capsule', 'sachet'], [2500, 9000]],
  ['Cefalexin', ANTIBIOTIC, 'etc', ['250mg', '500mg'], ['capsule'], [800, 2500]],
  ['Cefadroxil', ANTIBIOTIC, 'etc', ['500mg'], ['capsule'], [1200, 3000]],
  ['Cefpodoxim', ANTIBIOTIC, 'etc', ['100mg', '200mg'], ['film'], [4000, 12000]],
  ['Azithromycin', ANTIBIOTIC, 'etc', ['250mg', '500mg', '200mg/5ml'], ['film', 'capsule', 'syrup'], [3000, 15000]],
  ['Clarithromycin', ANTIBIOTIC, 'etc', ['250mg', '500mg'], ['film'], [3000, 12000]],
  ['Ciprofloxacin', ANTIBIOTIC, 'etc', ['500mg', '0,3%'], ['film', 'drops'], [800, 4000]],
  ['Levofloxacin', ANTIBIOTIC, 'etc', ['500mg', '750mg'], ['film'], [3000, 12000]],
  ['Metronidazol', ANTIBIOTIC, 'etc', ['250mg', '500mg'], ['tablet'], [300, 1200]],
  ['Doxycyclin', ANTIBIOTIC, 'etc', ['100mg'], ['capsule'], [700, 2000]],
  ['Spiramycin, Metronidazol', ANTIBIOTIC, 'etc', ['750.000IU; 125mg'], ['film'], [1500, 4000]],
  ['Omeprazol', DIGEST, 'etc', ['20mg', '40mg'], ['capsule'], [600, 4000]],
  ['Esomeprazol', DIGEST, 'etc', ['20mg', '40mg'], ['film', 'capsule'], [1500, 9000]],
  ['Pantoprazol', DIGEST, 'etc', ['40mg'], ['film'], [1500, 6000]],
  ['Domperidon', DIGEST, 'otc', ['10mg', '1mg/ml'], ['tablet', 'syrup'], [300, 1500]],
  ['Loperamid', DIGEST, 'otc', ['2mg'], ['capsule'], [300, 1200]],
  ['Berberin', DIGEST, 'otc', ['50mg', '100mg'], ['tablet'], [50, 200]],
  ['Simethicon', DIGEST, 'otc', ['40mg', '80mg'], ['tablet', 'drops'], [500, 2500]],
  ['Alverin', DIGEST, 'otc', ['40mg', '60mg'], ['tablet', 'capsule'], [400, 1500]],
  ['Drotaverin', DIGEST, 'otc', ['40mg', '80mg'], ['tablet'], [500, 2500]],
  ['Mebeverin', DIGEST, 'etc', ['135mg', '200mg'], ['film', 'capsule'], [1500, 5000]],
  ['Bacillus clausii', DIGEST, 'otc', ['2 tỷ bào tử/5ml'], ['ampoule'], [5000, 12000]],
  ['Lactobacillus acidophilus', DIGEST, 'otc', ['10^8 CFU'], ['sachet', 'capsule'], [1500, 6000]],
  ['Oresol', DIGEST, 'otc', ['4,1g', '27,9g'], ['sachet'], [1000, 5000]],
  ['Diosmectit', DIGEST, 'otc', ['3g'], ['sachet'], [2500, 5000]],
  ['Sucralfat', DIGEST, 'etc', ['1g'], ['sachet', 'tablet'], [2000, 5000]],
  ['Silymarin', LIVER, 'otc', ['70mg', '140mg'], ['capsule', 'tablet'], [800, 4000]],
  ['L-Ornithin L-Aspartat', LIVER, 'etc', ['500mg', '3g'], ['capsule', 'sachet'], [3000, 12000]],
  ['Metformin', DIABETES, 'etc', ['500mg', '850mg', '1000mg'], ['film'], [400, 3000]],
  ['Gliclazid', DIABETES, 'etc', ['30mg', '60mg', '80mg'], ['tablet'], [800, 4000]],
  ['Glimepirid', DIABETES, 'etc', ['2mg', '4mg'], ['tablet'], [800, 4000]],
  ['Sitagliptin', DIABETES, 'etc', ['50mg', '100mg'], ['film'], [6000, 15000]],
  ['Amlodipin', HEART, 'etc', ['5mg', '10mg'], ['tablet'], [300, 3000]],
  ['Losartan', HEART, 'etc', ['25mg', '50mg', '100mg'], ['film'], [700, 5000]],
  ['Telmisartan', HEART, 'etc', ['40mg', '80mg'], ['tablet'], [1500, 7000]],
  ['Atorvastatin', HEART, 'etc', ['10mg', '20mg', '40mg'], ['film'], [700, 6000]],
  ['Rosuvastatin', HEART, 'etc', ['5mg', '10mg', '20mg'], ['film'], [1500, 9000]],
  ['Bisoprolol', HEART, 'etc', ['2,5mg', '5mg'], ['film'], [800, 4000]],
  ['Enalapril', HEART, 'etc', ['5mg', '10mg'], ['tablet'], [300, 1500]],
  ['Clopidogrel', HEART, 'etc', ['75mg'], ['film'], [1500, 12000]],
  ['Acetylsalicylic acid', HEART, 'etc', ['81mg', '100mg'], ['tablet'], [200, 1500]],
  ['Trimetazidin', HEART, 'etc', ['20mg', '35mg'], ['film'], [800, 3500]],
  ['Fenofibrat', HEART, 'etc', ['145mg', '160mg', '200mg'], ['capsule', 'film'], [1500, 6000]],
  ['Nifedipin', HEART, 'etc', ['10mg', '20mg', '30mg'], ['tablet'], [500, 3000]],
  ['Furosemid', HEART, 'etc', ['40mg'], ['tablet'], [200, 800]],
  ['Spironolacton', HEART, 'etc', ['25mg'], ['film'], [1000, 3000]],
  ['Loratadin', ALLERGY, 'otc', ['10mg', '5mg/5ml'], ['tablet', 'syrup'], [300, 2000]],
  ['Cetirizin', ALLERGY, 'otc', ['10mg', '5mg/5ml'], ['film', 'syrup'], [300, 2000]],
  ['Fexofenadin', ALLERGY, 'otc', ['60mg', '120mg', '180mg'], ['film'], [1500, 6000]],
  ['Desloratadin', ALLERGY, 'otc', ['5mg', '0,5mg/ml'], ['film', 'syrup'], [1500, 5000]],
  ['Chlorpheniramin', ALLERGY, 'otc', ['4mg'], ['tablet'], [50, 300]],
  ['Montelukast', BREATH, 'etc', ['4mg', '5mg', '10mg'], ['tablet', 'sachet'], [3000, 12000]],
  ['Salbutamol', BREATH, 'etc', ['2mg', '4mg', '2mg/5ml'], ['tablet', 'syrup'], [200, 1500]],
  ['Ambroxol', BREATH, 'otc', ['30mg', '15mg/5ml'], ['tablet', 'syrup'], [300, 1500]],
  ['Bromhexin', BREATH, 'otc', ['8mg', '4mg/5ml'], ['tablet', 'syrup'], [200, 1200]],
  ['Acetylcystein', BREATH, 'otc', ['200mg', '600mg'], ['sachet', 'effervescent'], [1200, 5000]],
  ['Dextromethorphan', BREATH, 'otc', ['15mg', '10mg/5ml'], ['capsule', 'syrup'], [500, 2000]],
  ['Carbocistein', BREATH, 'otc', ['375mg', '250mg/5ml'], ['capsule', 'syrup'], [1000, 3000]],
  ['Prednisolon', ALLERGY, 'etc', ['5mg'], ['tablet'], [100, 500]],
  ['Methylprednisolon', ALLERGY, 'etc', ['4mg', '16mg'], ['tablet'], [600, 5000]],
  ['Dexamethason', ALLERGY, 'etc', ['0,5mg'], ['tablet'], [50, 300]],
  ['Vitamin C', VITAMIN, 'supplement', ['500mg', '1000mg', '100mg'], ['effervescent', 'tablet', 'syrup'], [500, 4000]],
  ['Vitamin E', VITAMIN, 'supplement', ['400IU'], ['capsule'], [800, 3000]],
  ['Vitamin B1, B6, B12', VITAMIN, 'otc', ['125mg; 125mg; 125mcg'], ['film'], [600, 2500]],
  ['Calci carbonat, Vitamin D3', VITAMIN, 'supplement', ['1250mg; 125IU', '750mg; 100IU'], ['tablet', 'effervescent'], [1000, 5000]],
  ['Sắt fumarat, Acid folic', VITAMIN, 'otc', ['162mg; 0,75mg'], ['capsule'], [1000, 4000]],
  ['Kẽm gluconat', VITAMIN, 'supplement', ['70mg', '10mg/5ml'], ['tablet', 'syrup'], [800, 3000]],
  ['Magnesi lactat, Vitamin B6', VITAMIN, 'otc', ['470mg; 5mg'], ['film'], [600, 2000]],
  ['Piracetam', NERVE, 'etc', ['400mg', '800mg'], ['capsule', 'film'], [500, 2500]],
  ['Ginkgo biloba', NERVE, 'supplement', ['40mg', '120mg'], ['capsule', 'film'], [800, 4000]],
  ['Cinnarizin', NERVE, 'etc', ['25mg'], ['tablet'], [100, 600]],
  ['Betahistin', NERVE, 'etc', ['16mg', '24mg'], ['tablet'], [1000, 4000]],
  ['Fluconazol', SKIN, 'etc', ['150mg'], ['capsule'], [8000, 25000]],
  ['Clotrimazol', SKIN, 'otc', ['1%', '100mg'], ['cream'], [10000, 30000]],
  ['Acyclovir', SKIN, 'etc', ['200mg', '400mg', '5%'], ['tablet', 'cream'], [500, 20000]],
  ['Ketoconazol', SKIN, 'otc', ['2%'], ['cream', 'bottle'], [15000, 60000]],
  ['Mupirocin', SKIN, 'etc', ['2%'], ['cream'], [30000, 60000]],
  ['Betamethason', SKIN, 'etc', ['0,05%', '0,1%'], ['cream'], [8000, 30000]],
  ['Tobramycin', EYE, 'etc', ['0,3%'], ['drops'], [25000, 60000]],
  ['Natri clorid', EYE, 'otc', ['0,9%'], ['drops', 'bottle'], [3000, 15000]],
  ['Natri hyaluronat', EYE, 'otc', ['0,1%', '0,18%'], ['drops'], [50000, 120000]],
  ['Xylometazolin', EYE, 'otc', ['0,05%', '0,1%'], ['drops'], [15000, 40000]],
  ['Povidon iod', EXTERNAL, 'otc', ['10%'], ['bottle'], [15000, 60000]],
  ['Methyl salicylat, Menthol', EXTERNAL, 'otc', ['10%; 5%'], ['cream', 'bottle'], [8000, 40000]],
  ['Cồn 70 độ', EXTERNAL, 'otc', ['70%'], ['bottle'], [8000, 25000]],
  ['Allopurinol', JOINT, 'etc', ['100mg', '300mg'], ['tablet'], [300, 1500]],
  ['Colchicin', JOINT, 'etc', ['1mg'], ['tablet'], [500, 1500]],
  ['Levothyroxin', HEART, 'etc', ['50mcg', '100mcg'], ['tablet'], [600, 2000]],
  ['Tamsulosin', NERVE, 'etc', ['0,4mg'], ['capsule'], [3000, 9000]],
  ['Progesteron', WOMEN, 'etc', ['100mg', '200mg'], ['capsule'], [6000, 15000]],
  ['Nystatin, Neomycin, Polymyxin B', WOMEN, 'etc', ['100.000IU; 35.000IU; 35.000IU'], ['tablet'], [4000, 10000]],
];

/** Health products, devices and care goods: Vietnamese names, no active ingredient. */
const HEALTH_GOODS: [string, string, GroupKey, Form, [number, number]][] = [
  ['Viên uống bổ gan', LIVER, 'supplement', 'capsule', [2000, 8000]],
  ['Siro ho thảo dược', BREATH, 'supplement', 'syrup', [35000, 90000]],
  ['Siro ăn ngon cho bé', VITAMIN, 'supplement', 'syrup', [60000, 180000]],
  ['Viên uống bổ não', NERVE, 'supplement', 'capsule', [3000, 10000]],
  ['Viên uống xương khớp', JOINT, 'supplement', 'capsule', [3000, 12000]],
  ['Men vi sinh', DIGEST, 'supplement', 'sachet', [4000, 12000]],
  ['Canxi hữu cơ', VITAMIN, 'supplement', 'ampoule', [5000, 15000]],
  ['Omega 3 dầu cá', VITAMIN, 'supplement', 'capsule', [1500, 6000]],
  ['Viên sủi Vitamin C', VITAMIN, 'supplement', 'effervescent', [2500, 8000]],
  ['Trà gừng', DIGEST, 'supplement', 'sachet', [1500, 4000]],
  ['Cao ích mẫu', WOMEN, 'supplement', 'syrup', [40000, 90000]],
  ['Dầu gió xanh', EXTERNAL, 'otc', 'bottle', [15000, 45000]],
  ['Cao dán giảm đau', EXTERNAL, 'otc', 'device', [3000, 10000]],
  ['Khẩu trang y tế 4 lớp', MEDICAL, 'device', 'device', [800, 2000]],
  ['Nước muối sinh lý', EYE, 'otc', 'bottle', [4000, 15000]],
  ['Băng cá nhân', MEDICAL, 'device', 'device', [500, 1500]],
  ['Nhiệt kế điện tử', MEDICAL, 'device', 'device', [60000, 250000]],
  ['Máy đo huyết áp bắp tay', MEDICAL, 'device', 'device', [650000, 1500000]],
  ['Que thử đường huyết', MEDICAL, 'device', 'device', [6000, 12000]],
  ['Bông y tế', MEDICAL, 'device', 'device', [10000, 40000]],
  ['Gạc y tế tiệt trùng', MEDICAL, 'device', 'device', [1500, 5000]],
  ['Bơm tiêm 5ml', MEDICAL, 'device', 'device', [800, 2000]],
  ['Sữa rửa mặt dịu nhẹ', CARE, 'cosmetic', 'bottle', [80000, 250000]],
  ['Kem chống nắng', CARE, 'cosmetic', 'cream', [150000, 450000]],
  ['Dung dịch vệ sinh phụ nữ', CARE, 'cosmetic', 'bottle', [40000, 120000]],
  ['Kem dưỡng ẩm', CARE, 'cosmetic', 'cream', [80000, 300000]],
  ['Nước súc miệng', CARE, 'cosmetic', 'bottle', [30000, 90000]],
  ['Viên ngậm ho', BREATH, 'supplement', 'tablet', [1000, 3000]],
  ['Thực phẩm bảo vệ sức khỏe bổ máu', VITAMIN, 'supplement', 'capsule', [2000, 6000]],
  ['Hoạt huyết dưỡng não', NERVE, 'supplement', 'film', [1000, 3000]],
];

/** Makers: name, short name used in product names, country, and its GS1 prefix after 893. */
const MAKERS: [string, string, string, string][] = [
  ['DHG Pharma', 'DHG', 'Việt Nam', '6001'],
  ['Imexpharm', 'Imex', 'Việt Nam', '6002'],
  ['Domesco', 'Domesco', 'Việt Nam', '6003'],
  ['Traphaco', 'Traphaco', 'Việt Nam', '6004'],
  ['Pymepharco', 'Pymepharco', 'Việt Nam', '6005'],
  ['Stada Việt Nam', 'Stada', 'Việt Nam', '6006'],
  ['Mekophar', 'Mekophar', 'Việt Nam', '6007'],
  ['Dược phẩm OPC', 'OPC', 'Việt Nam', '6008'],
  ['Boston Việt Nam', 'Boston', 'Việt Nam', '6009'],
  ['Agimexpharm', 'Agimexpharm', 'Việt Nam', '6010'],
  ['Vidipha', 'Vidipha', 'Việt Nam', '6011'],
  ['Pharmedic', 'Pharmedic', 'Việt Nam', '6012'],
  ['Dược phẩm Hà Tây', 'Hataphar', 'Việt Nam', '6013'],
  ['Dược phẩm Nam Hà', 'Nam Hà', 'Việt Nam', '6014'],
  ['Bidiphar', 'Bidiphar', 'Việt Nam', '6015'],
  ['Savipharm', 'Savi', 'Việt Nam', '6016'],
  ['TV.Pharm', 'TV.Pharm', 'Việt Nam', '6017'],
  ['Khapharco', 'Khapharco', 'Việt Nam', '6018'],
  ['Tipharco', 'Tipharco', 'Việt Nam', '6019'],
  ['Mediplantex', 'Mediplantex', 'Việt Nam', '6020'],
  ['Davipharm', 'Davipharm', 'Việt Nam', '6021'],
  ['Glomed', 'Glomed', 'Việt Nam', '6022'],
  ['Euvipharm', 'Euvipharm', 'Việt Nam', '6023'],
  ['Armephaco', 'Armephaco', 'Việt Nam', '6024'],
  ['Dược Hậu Giang Cần Thơ', 'Hậu Giang', 'Việt Nam', '6025'],
  ['Mebiphar', 'Mebiphar', 'Việt Nam', '6026'],
  ['Quapharco', 'Quapharco', 'Việt Nam', '6027'],
  ['Hasan-Dermapharm', 'Hasan', 'Việt Nam', '6028'],
  ['Medisun', 'Medisun', 'Việt Nam', '6029'],
  ['Sanofi Việt Nam', 'Sanofi', 'Pháp', '6030'],
  ['United Pharma Việt Nam', 'United', 'Philippines', '6031'],
  ['Abbott Việt Nam', 'Abbott', 'Hoa Kỳ', '6032'],
  ['Sandoz', 'Sandoz', 'Slovenia', '6033'],
  ['Mega We Care', 'Mega', 'Thái Lan', '6034'],
  ['Hisamitsu Việt Nam', 'Hisamitsu', 'Nhật Bản', '6035'],
  ['Rohto-Mentholatum Việt Nam', 'Rohto', 'Nhật Bản', '6036'],
  ['Korea United Pharm', 'KUP', 'Hàn Quốc', '6037'],
  ['Getz Pharma', 'Getz', 'Pakistan', '6038'],
  ['Micro Labs', 'Micro', 'Ấn Độ', '6039'],
  ['Medochemie', 'Medochemie', 'Síp', '6040'],
];

const BRAND_SUFFIXES = [
  'col',
  'mox',
  'fen',
  'zol',
  'tin',
  'cef',
  'vit',
  'gan',
  'lin',
  'dol',
  'sin',
  'max',
  'pin',
  'ron',
  'zym',
  'clor',
  'cid',
  'tam',
];
const BRAND_TAILS = ['', '', '', ' Plus', ' Forte', ' Extra', ' Kids', ' F', ' DHG', ' Gold'];

const FORM_LABEL: Record<Form, string> = {
  tablet: 'viên nén',
  capsule: 'viên nang',
  film: 'viên nén bao phim',
  effervescent: 'viên sủi',
  syrup: 'siro',
  sachet: 'gói bột',
  cream: 'kem bôi',
  drops: 'dung dịch nhỏ',
  ampoule: 'ống uống',
  device: '',
  bottle: 'dung dịch',
};

export type GenUnit = { unit: string; factor: number; price: number; wholesale: number | null; barcode: string | null };
export type GenVariant = { name: string; units: GenUnit[] };
export type GenProduct = {
  name: string;
  activeIngredient: string | null;
  strength: string | null;
  registrationNumber: string | null;
  manufacturer: string;
  country: string;
  brand: string | null;
  category: string;
  group: string;
  vatRate: 0 | 5 | 8 | 10;
  isActive: boolean;
  variants: GenVariant[];
};

const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function brandStem(random: Random, ingredient: string): string {
  const letters = ingredient
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  const stem = letters.slice(0, random.int(3, 5));
  return capitalize(stem + random.pick(BRAND_SUFFIXES)) + random.pick(BRAND_TAILS);
}

/** A catalogue generator: one call per product, with barcodes unique across the whole run. */
export function catalogueGenerator(random: Random) {
  const serialByMaker = new Map<string, number>();
  const barcode = (prefix: string) => {
    const serial = (serialByMaker.get(prefix) ?? 0) + 1;
    if (serial > 99_999) throw new Error(`maker prefix 893${prefix} ran out of item numbers`);
    serialByMaker.set(prefix, serial);
    return ean13(`893${prefix}${String(serial).padStart(5, '0')}`);
  };

  /** Units of one sellable pack: the base unit first, bigger units by factor. */
  function units(form: Form, basePrice: number, prefix: string): GenUnit[] {
    const wholesale = (price: number) => round(price * (0.82 + random.next() * 0.08), 100);
    switch (form) {
      case 'tablet':
      case 'capsule':
      case 'film': {
        const strip = random.pick([10, 10, 10, 14, 12, 6, 4]);
        const strips = random.pick([1, 2, 3, 5, 10, 10, 6]);
        const base = round(basePrice, 50);
        const list: GenUnit[] = [
          { unit: 'viên', factor: 1, price: base, wholesale: null, barcode: null },
          { unit: 'vỉ', factor: strip, price: round(base * strip, 100), wholesale: wholesale(base * strip), barcode: barcode(prefix) },
        ];
        if (strips > 1) {
          const box = round(base * strip * strips * 0.95, 1000);
          list.push({ unit: 'hộp', factor: strip * strips, price: box, wholesale: wholesale(box), barcode: barcode(prefix) });
        }
        return list;
      }
      case 'effervescent': {
        const tube = random.pick([10, 20]);
        const base = round(basePrice, 100);
        return [
          { unit: 'viên', factor: 1, price: base, wholesale: null, barcode: null },
          {
            unit: 'tuýp',
            factor: tube,
            price: round(base * tube * 0.95, 1000),
            wholesale: wholesale(base * tube * 0.95),
            barcode: barcode(prefix),
          },
        ];
      }
      case 'sachet':
      case 'ampoule': {
        const unit = form === 'sachet' ? 'gói' : 'ống';
        const per = random.pick([10, 20, 24, 30]);
        const base = round(basePrice, 100);
        return [
          { unit, factor: 1, price: base, wholesale: wholesale(base), barcode: null },
          {
            unit: 'hộp',
            factor: per,
            price: round(base * per * 0.95, 1000),
            wholesale: wholesale(base * per * 0.95),
            barcode: barcode(prefix),
          },
        ];
      }
      case 'syrup':
      case 'bottle':
      case 'drops': {
        const unit = form === 'drops' ? 'lọ' : 'chai';
        const price = round(form === 'syrup' && basePrice < 10_000 ? basePrice * 30 : basePrice, 1000);
        const list: GenUnit[] = [{ unit, factor: 1, price, wholesale: wholesale(price), barcode: barcode(prefix) }];
        if (random.chance(0.4)) {
          const per = random.pick([24, 48]);
          list.push({
            unit: 'thùng',
            factor: per,
            price: round(price * per * 0.9, 1000),
            wholesale: wholesale(price * per * 0.9),
            barcode: barcode(prefix),
          });
        }
        return list;
      }
      case 'cream': {
        const price = round(basePrice, 1000);
        return [{ unit: 'tuýp', factor: 1, price, wholesale: wholesale(price), barcode: barcode(prefix) }];
      }
      case 'device': {
        const price = round(basePrice, 100);
        const list: GenUnit[] = [{ unit: 'cái', factor: 1, price, wholesale: wholesale(price), barcode: barcode(prefix) }];
        if (price < 20_000) {
          const per = random.pick([10, 50, 100]);
          list.push({
            unit: 'hộp',
            factor: per,
            price: round(price * per * 0.9, 1000),
            wholesale: wholesale(price * per * 0.9),
            barcode: barcode(prefix),
          });
        }
        return list;
      }
    }
  }

  function registration(group: GroupKey, domestic: boolean): string | null {
    const year = random.int(14, 24);
    if (group === 'device' || group === 'cosmetic') return null;
    if (group === 'supplement') return `${random.int(1000, 19999)}/20${year}/ĐKSP`;
    if (random.chance(0.2)) return `893${random.chance(0.5) ? '110' : '100'}${random.digits(6)}`;
    return `${domestic ? 'VD' : 'VN'}-${random.int(10000, 39999)}-${year}`;
  }

  const packName = (form: Form, i: number): string => {
    switch (form) {
      case 'tablet':
      case 'capsule':
      case 'film':
        return ['Hộp 10 vỉ x 10 viên', 'Hộp 3 vỉ x 10 viên', 'Chai 100 viên', 'Hộp 2 vỉ x 14 viên'][i % 4]!;
      case 'syrup':
      case 'bottle':
        return ['Chai 60ml', 'Chai 100ml', 'Chai 30ml', 'Chai 500ml'][i % 4]!;
      case 'drops':
        return ['Lọ 5ml', 'Lọ 10ml', 'Lọ 15ml'][i % 3]!;
      case 'sachet':
      case 'effervescent':
      case 'ampoule':
        return ['Vị cam', 'Vị dâu', 'Vị nho', 'Không đường'][i % 4]!;
      case 'cream':
        return ['Tuýp 10g', 'Tuýp 15g', 'Tuýp 30g'][i % 3]!;
      case 'device':
        return ['Cỡ S', 'Cỡ M', 'Cỡ L', 'Màu xanh', 'Màu trắng'][i % 5]!;
    }
  };

  /** One product with `variantCount` variants (packs, flavours, sizes). */
  return function product(variantCount: number): GenProduct {
    const [makerName, makerShort, country, prefix] = random.pick(MAKERS);
    const domestic = country === 'Việt Nam';
    let name: string;
    let ingredient: string | null = null;
    let strength: string | null = null;
    let category: string;
    let group: GroupKey;
    let form: Form;
    let basePrice: number;
    let brand: string | null = null;
    if (random.chance(0.15)) {
      const [goodName, goodCategory, goodGroup, goodForm, [min, max]] = random.pick(HEALTH_GOODS);
      brand = brandStem(random, makerShort);
      name = `${goodName} ${brand}`;
      category = goodCategory;
      group = goodGroup;
      form = goodForm;
      basePrice = random.int(min, max);
    } else {
      const [ingredientName, ingredientCategory, ingredientGroup, strengths, forms, [min, max]] = random.pick(INGREDIENTS);
      ingredient = ingredientName;
      strength = random.pick(strengths);
      category = ingredientCategory;
      group = ingredientGroup;
      form = random.pick(forms);
      basePrice = random.int(min, max);
      const lead = ingredientName.split(',')[0]!;
      const pattern = random.next();
      if (pattern < 0.4) name = `${lead} ${makerShort} ${strength}`;
      else if (pattern < 0.6) name = `${lead} ${strength}`;
      else {
        brand = brandStem(random, lead);
        const number = strength.match(/^[\d,.]+/)?.[0];
        name = number && random.chance(0.6) ? `${brand} ${number}` : `${brand} ${strength}`;
      }
      if (form === 'effervescent' || form === 'syrup' || form === 'sachet' || form === 'cream' || form === 'drops') {
        if (random.chance(0.5)) name += ` ${FORM_LABEL[form]}`;
      }
    }
    brand ??= random.chance(0.5) ? makerShort : null;
    const vatRate = group === 'cosmetic' || group === 'device' ? random.pick([8, 10] as const) : group === 'supplement' ? 10 : 5;
    const variants: GenVariant[] = [];
    for (let i = 0; i < variantCount; i += 1) {
      variants.push({
        name: variantCount === 1 ? '' : packName(form, i),
        units: units(form, basePrice * (1 + i * 0.6), prefix),
      });
    }
    return {
      name,
      activeIngredient: ingredient,
      strength,
      registrationNumber: registration(group, domestic),
      manufacturer: makerName,
      country,
      brand,
      category,
      group: GROUPS[group],
      vatRate,
      isActive: random.chance(0.97),
      variants,
    };
  };
}

export const INGREDIENT_NAMES = INGREDIENTS.map(([name]) => name);
export const MAKER_SHORT_NAMES = MAKERS.map(([, short]) => short);
