/**
 * The catalogue and reviews a fresh database starts with. Each product's picture is a file of
 * server/seed/images. Three products are stocked below the smallest bulk order and one exactly at
 * it, so the catalogue shows both states of the Order Now button.
 */

export interface SeedProduct {
  name: string;
  sku: string;
  priceCents: number;
  quantity: number;
  /** A quantity rule other than SPEC.md's 100 to 200 pieces. */
  rule?: { min: number; max: number; step: number };
  tiers?: { minQuantity: number; unitPriceCents: number }[];
  image: string;
  description: string;
}

export interface SeedReview {
  name: string;
  email: string;
  rating: number;
  description: string;
  image: string;
}

export const seedProducts: SeedProduct[] = [
  {
    name: "Forgeline 20V Cordless Drill",
    sku: "FL-DRL-20V",
    tiers: [
      { minQuantity: 150, unitPriceCents: 8400 },
      { minQuantity: 200, unitPriceCents: 7900 },
    ],
    priceCents: 8900,
    quantity: 1250,
    image: "cordless-drill.svg",
    description:
      "Brushless 20V drill/driver with 1/2 in. keyless ratcheting chuck, 2-speed gearbox (0-450/0-1,700 RPM), 21+1 clutch settings and 530 in-lbs max torque.",
  },
  {
    name: "Forgeline 16 oz Claw Hammer",
    sku: "FL-HAM-16",
    rule: { min: 100, max: 500, step: 25 },
    tiers: [
      { minQuantity: 200, unitPriceCents: 1350 },
      { minQuantity: 400, unitPriceCents: 1250 },
    ],
    priceCents: 1450,
    quantity: 3200,
    image: "claw-hammer.svg",
    description:
      "Forged high-carbon steel head with milled striking face and curved claw, fiberglass handle with rubber overmold grip. 13 in. overall length, 16 oz head.",
  },
  {
    name: "Forgeline 10-Piece Combination Wrench Set",
    sku: "FL-WRS-10",
    priceCents: 3450,
    quantity: 80,
    image: "combination-wrench-set.svg",
    description:
      "Chrome vanadium steel wrenches, metric 8-19 mm, with 12-point box end at 15-degree offset and 15-degree open end. Satin chrome finish, supplied on a storage rack.",
  },
  {
    name: "Forgeline 7-1/4 in. Circular Saw",
    sku: "FL-CSW-725",
    tiers: [{ minQuantity: 150, unitPriceCents: 6690 }],
    priceCents: 6990,
    quantity: 640,
    image: "circular-saw.svg",
    description:
      "15 A motor at 5,800 RPM no-load, 2-7/16 in. cutting depth at 90 degrees and 0-56 degree bevel. Aluminum shoe, electric brake, 24-tooth carbide blade included.",
  },
  {
    name: "Forgeline 4-1/2 in. Angle Grinder",
    sku: "FL-AGR-45",
    priceCents: 3990,
    quantity: 0,
    image: "angle-grinder.svg",
    description:
      "7.5 A motor at 11,000 RPM with 5/8-11 spindle thread, tool-free adjustable guard and 2-position side handle. Paddle switch with lock-off, takes 4-1/2 in. wheels.",
  },
  {
    name: "Forgeline 6-Piece Screwdriver Set",
    sku: "FL-SDS-6",
    tiers: [{ minQuantity: 150, unitPriceCents: 1790 }],
    priceCents: 1890,
    quantity: 2100,
    image: "screwdriver-set.svg",
    description:
      "Three slotted (1/8, 3/16, 1/4 in.) and three Phillips (#0, #1, #2) drivers with chrome vanadium shafts, magnetic tips and bi-material handles. Steel stand included.",
  },
  {
    name: "Forgeline 25 ft. Tape Measure",
    sku: "FL-TPM-25",
    rule: { min: 100, max: 1000, step: 10 },
    tiers: [
      { minQuantity: 300, unitPriceCents: 720 },
      { minQuantity: 600, unitPriceCents: 650 },
    ],
    priceCents: 790,
    quantity: 4800,
    image: "tape-measure.svg",
    description:
      "1-1/16 in. wide nylon-coated steel blade with 11 ft. standout and 1/16 in. graduations. ABS case with rubber overmold, blade lock, belt clip and riveted end hook.",
  },
  {
    name: "Forgeline 8 in. Slip-Joint Pliers",
    sku: "FL-PLR-8",
    priceCents: 1150,
    quantity: 45,
    image: "slip-joint-pliers.svg",
    description:
      "Drop-forged chrome vanadium steel with induction-hardened serrated jaws, two-position slip joint and pipe grip section. Dipped PVC handles, 8 in. overall length.",
  },
  {
    name: "Forgeline 24 in. Box Beam Level",
    sku: "FL-LVL-24",
    priceCents: 2790,
    quantity: 100,
    image: "spirit-level.svg",
    description:
      "Extruded aluminum box beam with level, plumb and 45-degree acrylic vials, accurate to 0.0005 in./in. Machined measuring surface and shock-absorbing rubber end caps.",
  },
  {
    name: "Forgeline Top-Handle Jigsaw",
    sku: "FL-JIG-TH",
    tiers: [{ minQuantity: 150, unitPriceCents: 5690 }],
    priceCents: 5990,
    quantity: 520,
    image: "jigsaw.svg",
    description:
      "6.5 A motor with 800-3,000 SPM variable speed, 1 in. stroke and 4-position orbital action. Tool-free T-shank blade clamp and aluminum shoe that bevels 0-45 degrees.",
  },
  {
    name: "Forgeline 20V Impact Driver",
    sku: "FL-IMP-20V",
    tiers: [
      { minQuantity: 150, unitPriceCents: 9490 },
      { minQuantity: 200, unitPriceCents: 8990 },
    ],
    priceCents: 9990,
    quantity: 860,
    image: "impact-driver.svg",
    description:
      "Brushless 20V impact driver with 1/4 in. hex quick-release collet, 1,600 in-lbs max torque, 0-3,200 RPM and 0-3,600 IPM. Aluminum gear housing and LED work light.",
  },
  {
    name: "Forgeline 22-Piece 3/8 in. Drive Socket Set",
    sku: "FL-SKT-22",
    priceCents: 6450,
    quantity: 410,
    image: "socket-set.svg",
    description:
      "72-tooth quick-release ratchet, 3 in. extension and 20 six-point sockets (SAE 5/16-3/4 in., metric 8-19 mm) in chrome vanadium steel, packed in a blow-molded case.",
  },
];

export const seedReviews: SeedReview[] = [
  {
    name: "Maria Lopez",
    email: "maria.lopez@example.com",
    rating: 5,
    description:
      "We order 200 cordless drills each quarter for our framing crews. Every pallet has arrived within a week and the failure rate has been close to zero.",
    image: "",
  },
  {
    name: "James Whitaker",
    email: "james.whitaker@example.org",
    rating: 4,
    description:
      "Solid claw hammers at a fair wholesale price. The fiberglass handles hold up on site; one carton came with a torn outer box but no tools were damaged.",
    image: "",
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.com",
    rating: 5,
    description:
      "Our hardware store restocks tape measures and screwdriver sets here every month. Clear invoices, accurate counts, and customers rarely bring anything back.",
    image: "",
  },
  {
    name: "Daniel Okafor",
    email: "daniel.okafor@example.com",
    rating: 3,
    description:
      "The angle grinders perform well, but they were out of stock for three weeks when we needed them. Good tools; I would like better stock notices.",
    image: "",
  },
  {
    name: "Sofia Berger",
    email: "sofia.berger@example.org",
    rating: 5,
    description:
      "Switched our maintenance team to the 20V impact drivers. Batteries last a full shift and the bulk order of 150 units shipped two days after payment.",
    image: "",
  },
  {
    name: "Tom Henderson",
    email: "tom.henderson@example.com",
    rating: 4,
    description:
      "The socket sets are well finished and the case latches are sturdy. Delivery took nine days to our depot, a little slower than promised, but tracking was clear.",
    image: "",
  },
  {
    name: "Aiko Tanaka",
    email: "aiko.tanaka@example.com",
    rating: 4,
    description:
      "We buy box beam levels for our training workshops. The vials read true out of the box, and the minimum order of 100 pieces suits our budget cycle.",
    image: "",
  },
  {
    name: "Carlos Mendes",
    email: "carlos.mendes@example.org",
    rating: 5,
    description:
      "Third year ordering circular saws and jigsaws in bulk for our rental fleet. The tools survive heavy use and the account team answers within hours.",
    image: "",
  },
];

/** SPEC.md's two promotions, as data an admin can end (docs/SELLING-TO-BUSINESSES.md, 'One price function'). */
export const seedPromotions = [
  { name: "30% off your first order", percent: 30, firstOrder: true, minPieces: null },
  { name: "40% off orders of 200 pieces or more", percent: 40, firstOrder: false, minPieces: 200 },
];
