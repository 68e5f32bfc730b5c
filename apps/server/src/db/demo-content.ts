/** The demo site seeded on first start: a home page, a page per product, About and Help. */
export const demoProducts = [
  {
    name: 'Spacey',
    description: 'Algorithmic reverb with shimmer and freeze.',
    price: '49.00',
    useRsa2048: true,
    tagline: 'Lush halls, shimmering plates and endless freeze pads.',
  },
  {
    name: 'Punch',
    description: 'Character compressor with parallel mix.',
    price: '79.00',
    useRsa2048: false,
    tagline: 'Glue for your bus, snap for your drums.',
  },
  {
    name: 'Tapewarm',
    description: 'Tape saturation and wow and flutter.',
    price: '29.00',
    useRsa2048: false,
    tagline: 'The warmth of a well-aligned tape machine, without the maintenance.',
  },
] as const;

type DemoPage = { name: string; url: string; isMainMenu: boolean; mainMenuPriority: number; htmlText: string };

const productCard = (product: (typeof demoProducts)[number]) => {
  const path = product.name.toLowerCase();
  return `<div class="col-md-4 mb-4"><div class="card h-100"><div class="card-body">
<h2 class="h4 card-title"><a href="/products/${path}">${product.name}</a></h2>
<p class="card-text">${product.tagline}</p>
<p><shop-price product="${path}"></shop-price></p>
<button type="submit" class="btn btn-primary" product-to-checkout="${path}">Add to cart</button>
</div></div></div>`;
};

const productPage = (product: (typeof demoProducts)[number]): DemoPage => {
  const path = product.name.toLowerCase();
  return {
    name: product.name,
    url: `/products/${path}`,
    isMainMenu: false,
    mainMenuPriority: 0,
    htmlText: `<h1>${product.name}</h1>
<p class="lead">${product.tagline}</p>
<p>${product.description} Available as VST3, AU and AAX for macOS and Windows. One licence runs on up to four computers.</p>
<p class="price"><shop-price product="${path}"></shop-price></p>
<p><button type="submit" class="btn btn-primary btn-lg" product-to-checkout="${path}">Buy ${product.name}</button></p>
<h2>Already a customer?</h2>
<p>Lost your key? <a href="/sendlicensekey/${product.name}">Have it sent again</a>. Questions? <a href="/support">Contact support</a>.</p>`,
  };
};

export const demoPages: DemoPage[] = [
  {
    name: 'Home',
    url: '/',
    isMainMenu: true,
    mainMenuPriority: 0,
    htmlText: `<h1>Plug-ins that sound like records</h1>
<p class="lead">Reverb, compression and tape colour for your DAW, made by a small team of engineers and musicians.</p>
<div class="row">${demoProducts.map(productCard).join('\n')}</div>
<p>Every plug-in comes with a free 30-day trial. Already bought one? <a href="/login">Log in</a> to download your keys.</p>`,
  },
  {
    name: 'Products',
    url: '/products',
    isMainMenu: true,
    mainMenuPriority: 10,
    htmlText: `<h1>Products</h1>\n<div class="row">${demoProducts.map(productCard).join('\n')}</div>`,
  },
  ...demoProducts.map(productPage),
  {
    name: 'Help',
    url: '/help',
    isMainMenu: true,
    mainMenuPriority: 20,
    htmlText: `<h1>Help</h1>
<h2>Installing</h2><p>Download the installer, run it, and open the plug-in in your DAW. Register it with the key from your customer area.</p>
<h2>Computers</h2><p>A licence runs on up to four computers. Remove an old computer in your <a href="/userarea">customer area</a> to free a slot.</p>
<h2>Still stuck?</h2><p><a href="/support">Send us a support request</a> and we answer within one working day.</p>`,
  },
  {
    name: 'About',
    url: '/about',
    isMainMenu: true,
    mainMenuPriority: 30,
    htmlText: `<h1>About us</h1>
<p>We are a small company of audio engineers building the tools we want to use ourselves.</p>
<p>Payments are handled by our reseller FastSpring, who is the merchant of record for all orders.</p>`,
  },
];
