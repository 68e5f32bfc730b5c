import { productPageUrl } from '@store/contracts/constants';

/**
 * The demo site seeded on first start: a home page, a page per product (artwork, features, formats, system
 * requirements), Products, Help, FAQ, About, and the footer's imprint, privacy and terms pages.
 */
export const demoProducts = [
  {
    name: 'Spacey',
    /** Its FastSpring path (decision 026): what the shop's price tags and buttons name. */
    path: 'spacey',
    description: 'Algorithmic reverb with shimmer and freeze.',
    price: '49.00',
    useRsa2048: true,
    tagline: 'Lush halls, shimmering plates and endless freeze pads.',
    features: [
      'Six algorithms, from small rooms to cathedral halls, each with its own early reflections',
      'Shimmer: pitch-shifted feedback an octave or a fifth up, with its own tone control',
      'Freeze holds the tail forever, without clicks, for pads and transitions',
      'Ducking and a gate on the tail keep vocals clear',
      'Up to 30 % less CPU than our previous reverb; zero latency',
    ],
  },
  {
    name: 'Punch',
    /** Its FastSpring path (decision 026): what the shop's price tags and buttons name. */
    path: 'punch',
    description: 'Character compressor with parallel mix.',
    price: '79.00',
    useRsa2048: false,
    tagline: 'Glue for your bus, snap for your drums.',
    features: [
      'Three detector models: clean VCA, opto and a vintage FET',
      'Parallel mix and output ceiling on the front panel',
      'Sidechain input with a high-pass filter and listen switch',
      'Gain-reduction meter you can read from across the room',
      'Auto make-up gain that matches loudness, not peaks',
    ],
  },
  {
    name: 'Tapewarm',
    /** Its FastSpring path (decision 026): what the shop's price tags and buttons name. */
    path: 'tapewarm',
    description: 'Tape saturation and wow and flutter.',
    price: '29.00',
    useRsa2048: false,
    tagline: 'The warmth of a well-aligned tape machine, without the maintenance.',
    features: [
      'Two tape formulas and three speeds (7.5, 15 and 30 ips)',
      'Wow and flutter that can follow the host tempo',
      'Head bump and hiss you can dial in or switch off',
      'Oversampling up to 8x for clean highs',
      'Light on the CPU: use it on every track',
    ],
  },
] as const;

/**
 * Spacey's next major version (decision 036): a product of its own, with its own keys, seeded with the upgrade paths
 * (`demoOffers`). Its page is a product page like the others; the shop's product cards stay the three originals.
 */
export const demoSuccessor = {
  name: 'Spacey 2',
  path: 'spacey-2',
  description: 'Algorithmic reverb with shimmer, freeze and a modulated plate.',
  price: '99.00',
  useRsa2048: true,
  tagline: 'Everything Spacey does, with a modulated plate, spatial early reflections and twice the freeze.',
  features: [
    'Eight algorithms: the six of Spacey and a new modulated plate and a spatial hall',
    'Early reflections you can place in the stereo field',
    'Two freeze layers you can crossfade',
    'Sessions made with Spacey open with the same sound',
    'Upgrade from Spacey at a reduced price in your account',
  ],
  predecessorName: 'Spacey',
} as const;

/** The demo's upgrade path and crossgrade (decision 036), offered to the owners of the sources in their account. */
export const demoOffers = [
  { kind: 'upgrade', name: 'Upgrade to Spacey 2', targetName: 'Spacey 2', sourceNames: ['Spacey'], prices: { USD: '29.00', EUR: '27.00' } },
  { kind: 'crossgrade', name: 'Tapewarm for Punch owners', targetName: 'Tapewarm', sourceNames: ['Punch'], prices: { USD: '19.00' } },
] as const;

/**
 * The demo's bundle (decisions 054 and 056): a product of its own that sells Spacey, Punch and Tapewarm under one path.
 * A customer who owns some of them pays the bundle's price less the owned products' share of it ("share" rule).
 */
export const demoBundle = {
  name: 'Studio Bundle',
  path: 'studio-bundle',
  description: 'Spacey, Punch and Tapewarm in one purchase.',
  price: '119.00',
  useRsa2048: false,
  tagline: 'Reverb, compression and tape colour: the whole studio in one purchase.',
  features: [
    'A licence of each plug-in in it, each on up to four computers, as if bought one by one',
    'Own one of them already? Log in: you pay only for the others ("Complete your bundle")',
    'Each plug-in keeps its own installer, keys and updates in your account',
  ],
  partNames: ['Spacey', 'Punch', 'Tapewarm'],
  rule: 'share',
  prices: { USD: '119.00', EUR: '109.00' },
} as const;

type DemoProduct = (typeof demoProducts)[number] | typeof demoSuccessor | typeof demoBundle;
type DemoPage = { name: string; url: string; isMainMenu: boolean; mainMenuPriority: number; htmlText: string };

const FORMATS = 'VST3, AU and AAX (64-bit), CLAP on Linux';
const REQUIREMENTS = `<ul>
<li>macOS 11 Big Sur or newer, Apple silicon or Intel</li>
<li>Windows 10 or 11 (64-bit)</li>
<li>Linux: Ubuntu 22.04 or a similar distribution (VST3 and CLAP)</li>
<li>A host that loads VST3, AU, AAX or CLAP plug-ins: Logic Pro, Ableton Live, Cubase, Pro Tools, Reaper, Bitwig Studio, Studio One</li>
<li>An internet connection once to activate, or the offline activation through your account</li>
</ul>`;

// A product's page (productPageUrl) and artwork are named after it in lower case (spaces as dashes); its FastSpring
// path is its own field.
const artwork = (product: DemoProduct, loading: 'eager' | 'lazy') => {
  return `<img src="/images/products/${productPageUrl(product.name).slice('/products/'.length)}.svg" width="480" height="300" class="img-fluid rounded" alt="${product.name} artwork" loading="${loading}" decoding="async">`;
};

const productCard = (product: DemoProduct) => {
  return `<div class="col-md-4 mb-4"><div class="card h-100">${artwork(product, 'lazy').replace('class="img-fluid rounded"', 'class="card-img-top"')}<div class="card-body">
<h2 class="h4 card-title"><a href="${productPageUrl(product.name)}">${product.name}</a></h2>
<p class="card-text">${product.tagline}</p>
<p><shop-price product="${product.path}"></shop-price></p>
<button type="submit" class="btn btn-primary" product-to-checkout="${product.path}">Add to cart</button>
</div></div></div>`;
};

export const productPage = (product: DemoProduct): DemoPage => {
  return {
    name: product.name,
    url: productPageUrl(product.name),
    isMainMenu: false,
    mainMenuPriority: 0,
    htmlText: `<div class="row align-items-center mb-4">
<div class="col-md-6 mb-3">${artwork(product, 'eager')}</div>
<div class="col-md-6">
<h1>${product.name}</h1>
<p class="lead">${product.tagline}</p>
<p>${product.description} One licence runs on up to four computers; a free 30-day trial is in every download.</p>
<p class="price"><shop-price product="${product.path}"></shop-price></p>
<p><button type="submit" class="btn btn-primary btn-lg" product-to-checkout="${product.path}">Buy ${product.name}</button></p>
</div>
</div>
<h2>Features</h2>
<ul>${product.features.map((feature) => `<li>${feature}</li>`).join('')}</ul>
<h2>Formats</h2>
<p>${FORMATS}. The installer puts every format on your computer; your host picks the one it loads.</p>
<h2>System requirements</h2>
${REQUIREMENTS}
<h2>Already a customer?</h2>
<p>Download the installer and your key in <a href="/userarea">your account</a>. Lost your key? <a href="/sendlicensekey/${product.name}">Have it sent again</a>. Questions? Read the <a href="/faq">FAQ</a> or <a href="/support">contact support</a>.</p>`,
  };
};

/** The bundle's page: what it holds (each with a link to its page), its price and Buy button, like a product's page. */
export const bundlePage = (bundle: typeof demoBundle): DemoPage => {
  const parts = demoProducts.filter((product) => (bundle.partNames as readonly string[]).includes(product.name));
  return {
    name: bundle.name,
    url: productPageUrl(bundle.name),
    isMainMenu: false,
    mainMenuPriority: 0,
    htmlText: `<div class="row align-items-center mb-4">
<div class="col-md-6">
<h1>${bundle.name}</h1>
<p class="lead">${bundle.tagline}</p>
<p>${bundle.description} One licence of each, every one on up to four computers; a free 30-day trial is in every download.</p>
<p class="price"><shop-price product="${bundle.path}"></shop-price></p>
<p><button type="submit" class="btn btn-primary btn-lg" product-to-checkout="${bundle.path}">Buy ${bundle.name}</button></p>
</div>
</div>
<h2>What is in it</h2>
<ul class="list-unstyled">${parts
      .map(
        (part) =>
          `<li class="mb-2"><a href="${productPageUrl(part.name)}">${part.name}</a>: ${part.description} <shop-price product="${part.path}"></shop-price> on its own</li>`,
      )
      .join('')}</ul>
<h2>Why a bundle</h2>
<ul>${bundle.features.map((feature) => `<li>${feature}</li>`).join('')}</ul>
<h2>Already a customer?</h2>
<p>Log in and come back to this page: if you own some of these plug-ins, it shows your price for the others. Your licences and installers are in <a href="/userarea">your account</a>.</p>`,
  };
};

/** Pages added with the customer journey (decision 023); a demo seeded before it gets them once. */
export const journeyPages: DemoPage[] = [
  {
    name: 'FAQ',
    url: '/faq',
    isMainMenu: false,
    mainMenuPriority: 25,
    htmlText: `<h1>Frequently asked questions</h1>
<h2>How many computers can I use?</h2>
<p>Each licence runs on up to four computers at once. Your <a href="/userarea">account</a> shows how many places are free; remove a computer there to free its place at once.</p>
<h2>Where do I download the installer?</h2>
<p>Log in and open <a href="/userarea">My account</a>. Under Downloads you find the current version for macOS, Windows and Linux, older versions and the release notes. Each file lists its size and SHA-256 checksum. To try a plug-in first, download it from its product page: no account needed.</p>
<h2>How do I activate?</h2>
<p>Open the plug-in in your host and log in with the email address and password of your account. Without internet on that computer, use Offline Registration in your account with the Device ID the plug-in shows, then load the offline key file.</p>
<h2>I bought before I had an account.</h2>
<p>Register on the <a href="/login">login page</a> with the email address you used to pay: your licences appear in your account.</p>
<h2>Can I sell my licence?</h2>
<p>Yes. 30 days after you got it, Transfer License in your account moves it to the new owner for 10$ + VAT. Your account shows the date from which it is possible. The new owner gets new keys by email; your computers are removed.</p>
<h2>Is there a trial?</h2>
<p>Yes. Download the installer from the product's page, no account needed: every download runs as a full 30-day trial until you activate it. The plug-in starts the trial by itself; on a computer without internet, <a href="/trial">start it on this website</a> with the Device ID the plug-in shows.</p>
<h2>Do you offer refunds?</h2>
<p>Within 14 days of purchase, if the plug-in does not work on your system. <a href="/support">Contact support</a>.</p>`,
  },
  {
    name: 'Imprint',
    url: '/imprint',
    isMainMenu: false,
    mainMenuPriority: 0,
    htmlText: `<h1>Imprint</h1>
<p>Plug-in Store Demo GmbH<br>Musterstrasse 1<br>8000 Zürich<br>Switzerland</p>
<p>Email: <a href="/support">through the support form</a><br>Commercial register: CHE-000.000.000 (demo)</p>
<p>This is a demonstration shop. Its products, company and addresses are made up for the demo.</p>`,
  },
  {
    name: 'Privacy',
    url: '/privacy',
    isMainMenu: false,
    mainMenuPriority: 0,
    htmlText: `<h1>Privacy policy</h1>
<h2>What we keep</h2>
<p>Your email address, name and country (from your order or activation), your licences, and for each registered computer its name, its Device ID and when it last activated.</p>
<h2>Why</h2>
<p>To deliver and activate your licences, to let you manage your computers, and to answer support requests. We send no newsletters.</p>
<h2>Payments</h2>
<p>FastSpring, our reseller and merchant of record, processes payments and keeps your payment details; we never see them.</p>
<h2>Your rights</h2>
<p>Ask us through the <a href="/support">support form</a> for a copy of your data, or to correct or delete it.</p>`,
  },
  {
    name: 'Terms',
    url: '/terms',
    isMainMenu: false,
    mainMenuPriority: 0,
    htmlText: `<h1>Terms of sale and licence</h1>
<ol>
<li>A licence lets one person use the plug-in on up to four of their computers at once.</li>
<li>Orders are processed by FastSpring, the merchant of record, under its terms of sale.</li>
<li>A licence may be transferred to a new owner 30 days after it was acquired, for a fee of 10$ + VAT.</li>
<li>Updates within a major version are free.</li>
<li>The software is provided as it is; our liability is limited to the price paid, as far as the law allows.</li>
</ol>`,
  },
];

export const demoPages: DemoPage[] = [
  {
    name: 'Home',
    url: '/',
    isMainMenu: true,
    mainMenuPriority: 0,
    htmlText: `<h1>Plug-ins that sound like records</h1>
<p class="lead">Reverb, compression and tape colour for your DAW, made by a small team of engineers and musicians.</p>
<div class="row">${demoProducts.map(productCard).join('\n')}</div>
<p>Every plug-in comes with a free 30-day trial: download it from its page, no account needed. Already bought one? <a href="/login">Log in</a> to download your installers and keys.</p>`,
  },
  {
    name: 'Products',
    url: '/products',
    isMainMenu: true,
    mainMenuPriority: 10,
    htmlText: `<h1>Products</h1>\n<div class="row">${demoProducts.map(productCard).join('\n')}</div>
<p class="lead">All three together: the <a href="${productPageUrl(demoBundle.name)}">${demoBundle.name}</a>, <shop-price product="${demoBundle.path}"></shop-price>.</p>`,
  },
  ...demoProducts.map(productPage),
  {
    name: 'Help',
    url: '/help',
    isMainMenu: true,
    mainMenuPriority: 20,
    htmlText: `<h1>Help</h1>
<h2>1. Get your account</h2><p>Buy a plug-in, then register on the <a href="/login">login page</a> with the email address you paid with (or log in if you have an account). Your order confirmation email carries your key file too.</p>
<h2>2. Install</h2><p>In <a href="/userarea">My account</a>, under Downloads, pick the installer for your computer (macOS, Windows or Linux), run it, and restart your host. Older versions and release notes are listed there as well.</p>
<h2>3. Activate</h2><p>Open the plug-in and log in with your account's email address and password. On a computer without internet: open Offline Registration on your licence in My account, enter the 32-character Device ID the plug-in shows, then download the offline key and load it in the plug-in.</p>
<h2>4. Manage your computers</h2><p>A licence runs on up to four computers. My account lists each one with when it last activated; rename it, or remove it to free its place.</p>
<h2>5. Sell or give away a licence</h2><p>30 days after you got it, Transfer License moves it to a new owner for 10$ + VAT; until then your account shows the date it becomes possible.</p>
<h2>Still stuck?</h2><p>Read the <a href="/faq">FAQ</a> or <a href="/support">send us a support request</a>; we answer within one working day.</p>`,
  },
  ...journeyPages.filter((page) => page.url === '/faq'),
  {
    name: 'About',
    url: '/about',
    isMainMenu: true,
    mainMenuPriority: 30,
    htmlText: `<h1>About us</h1>
<p>We are a small company of audio engineers building the tools we want to use ourselves.</p>
<p>Payments are handled by our reseller FastSpring, who is the merchant of record for all orders.</p>`,
  },
  ...journeyPages.filter((page) => page.url !== '/faq'),
];
