// Reference vectors of docs/juce-key-files.md §6, produced by JUCE 8.0.12 itself.
// TEST KEYS ONLY: their private keys are public. Never use them for a product.

const MODULUS_1024 = [
  'a309b49e202f14fdcd27f2e52fbeef38f7db1072a883696085ea0378ae9ecb74',
  '08aba658b15ec4df4cc16fdfcd49381214c4c39bdd27577aeb8882df50b72de3',
  '59452100d452b38538e814d34dce140ddf1de4717ee6f836c0b9b787f373e03a',
  '74925615dc3f9596ec6fefc6224ce001869c09fd859c9d0efe678ce7e73a69d5',
].join('');

const PRIVATE_EXPONENT_1024 = [
  '61d29f92134f72feae4b2b564fd8f5eefb1d09de651ba5a05059354868c5ad45',
  '9ecd63ced0d2761f94740fecae5f21a472dc755d84b1347cf3b84e85fd3ab521',
  '0cb9a294ad00308717448241307215d3eb9e8c5d4594568880fd2156730ad2b7',
  'acf33f0cff25f38c272833c621932a0f0a3497cdbd96d07a64d10797ef9f95ad',
].join('');

/** JUCE key pair 6.1: createKeyPair (…, 1024, seeds {11, 22, 33, 44}), e = 5. */
export const JUCE_KEY_1024 = {
  publicKey: `5,${MODULUS_1024}`,
  privateKey: `${PRIVATE_EXPONENT_1024},${MODULUS_1024}`,
};

const MODULUS_2048 = [
  '877b51c56b9fa785552ade8d66981bad9cd2016204d20085ca5a821c5556ee10',
  '6ba57bea12d79ea3c68829877ffbfdcada42ab8d43371a22953aafe35b78873e',
  '62df79284b479114667157eefc9e868ea0085306af6b1085b8d123a9b314cac4',
  '841efc6046a1bc6889e7abe7c199f4e1216b08ae5ffceca950d55d629aabcd95',
  'ae985e726cbc4eee164714c8650afe426a4c4a605cde15f13b0dd67df1a7bd5d',
  '29fab52805d145e1dafa5897f4afa68cf1e8c10ad7795033f7e5f5b9a55bfe3d',
  '7865637acf9ad41788a2b7cae84063191f5277e4f097b70cc82e3a12387a3937',
  'ac50e90c6341d2f52301d0840e73df71d6b5c6b6cb7c75e8e026a8ed486b936b',
].join('');

const PRIVATE_EXPONENT_2048 = [
  '5149fddcda2c97b6664cebee70c1aa34f7b134079c7e005046364e110000f53d',
  '0d634a593e815f2f10b818eae663feace95b33bb285442e18cbccfeed07b8458',
  'a1b948b1c6c48a3f70aa67f5cac583ef2cd1cb6a69403d1d087d7bcc383facdc',
  '4f45caa02a610aa51f8b00be40f5f953e0d9d2023997c13263b33807f66714f2',
  '81ab8aec428c019ab6cb966e06a0579579752c29563113ed5e0549a45837c80f',
  'dfc8dc253d6dc5511df11f7462a3013445a071153a884ff5664222bda02383bc',
  '7ca8f27db05e68b1b9078b69dbe9d52912010e26337368ae1b329cc1f64f16d7',
  '9b5bc56435fe7fe0cbd8b60772406bc8d8a10b6b1ef7ada44fe47c631ddf1955',
].join('');

/** JUCE key pair 6.2: createKeyPair (…, 2048, seeds {101, 202, 303, 404}), e = 5. */
export const JUCE_KEY_2048 = {
  publicKey: `5,${MODULUS_2048}`,
  privateKey: `${PRIVATE_EXPONENT_2048},${MODULUS_2048}`,
};

/** Vector 6.3 ascii-1024: plain licence, 32-char device ID. */
export const ASCII_1024 = {
  plaintext:
    '<?xml version="1.0" encoding="UTF-8"?> <key user="Joe Bloggs" email="joe@example.com" mach="0123456789ABCDEF0123456789ABCDEF" app="MyPlugin" date="19b76daa800"/>',
  keyFile: [
    'Keyfile for MyPlugin',
    '',
    '#751002eb2ee7df49e34b1dceaa723d95baacabc28f8bcfc2c6982aacf1c7073926725',
    'd8d3419ecc7d62f42aed51391e326bfb09a33f8b33858575ad25654a620ae904e8e04f',
    '932e0aa8fa4a55e75a72a6bbf3ee3021a5573853d27949a3932a783d83226a85c5f47a',
    'fbd6844aa98ac4ff91561d1f56cf1bc5807f0dfd686878f2952f2a7ab22ca77a012716',
    '336b260be0238740606a3b173a21cab9e991f47b59b9f084d2ffde55b8b434322e6f66',
    'ed0546c737854d698e94adcf2f3f244624513d198364ef7477e73d9a3101858b6c2b76',
    'c0ff25e2a9791fc865d84ac4938e6cf0ef41a612b0ffb0ee0f477725131a70d41a9837',
    'd8388cc916eea0844fc571',
    '',
  ].join('\r\n'),
};

/** Vector 6.4 expiring-1024: expiryTime 2027-01-01T00:00:00Z. */
export const EXPIRING_1024 = {
  plaintext:
    '<?xml version="1.0" encoding="UTF-8"?> <key user="Joe Bloggs" email="joe@example.com" expiring_mach="0123456789ABCDEF0123456789ABCDEF" app="MyPlugin" date="19b76daa800" expiryTime="1a2ce8bd400"/>',
  keyFile: [
    'Keyfile for MyPlugin',
    '',
    '#601f0686dcbd5652b1c640e77238f057d9bc19d09491b586093e9d945e84c5bafaead',
    '0fc5705381521428e2e38ec432242830e36a34ac10288f344124bec804c53aaf5b508c',
    '43a3f809c222c52c1061c7679fa38eaf74f71cc9d3b2e31e73e71a44703b3b75c461f9',
    '3c089a0b92669a71030c4dec9a71aec8cac7d36d4837d633d1f7338d53e3ec8b07c48c',
    'cbe902ff0c5eaf7d547d856e4634b2b654226b1d5b73e12a9b64d5d666e064f8f6b239',
    'ec87ed7b4d21fbb342ae5f43109c2284f1a09669c1220ac3646b19f2f1ae356194aadf',
    '2ddb82e4919f9ceed81ae83c626eed3506da9badea1def0c43c6da9cd9e29e5bdcf41c',
    'fda8655054a227d5637c252',
    '',
  ].join('\r\n'),
};

/** Vector 6.5 unicode-escape-2048: escaping, two IDs, app with spaces. */
export const UNICODE_ESCAPE_2048 = {
  plaintext:
    '<?xml version="1.0" encoding="UTF-8"?> <key user="J&#246;e &quot;Q&quot; &lt;B&amp;B&gt; &#26085;&#26412;" email="joe+x@example.com" mach="M1A2B3C4D5,W0F9E8D7C6" app="My Plugin (VST3)" date="19b76daa800"/>',
  keyFile: [
    'Keyfile for My Plugin (VST3)',
    '',
    '#806e25c4f35fd84669e897290727ef674609fa9d030cac68d7e11419866a6b579c38a',
    '2b825bd5688026d73b24283b809cd2a0f37984393c721f0c86d03fd0a96baddf5f11e0',
    'eaa95fac9a94d116a5deaa880fa52b5be772e1c882bb76a1284c11dcb001feb4c9d30e',
    '121e3efba8b63bada18fdfd2a212072db3b38ec10d4d3e1bdf5a1459ac80b7809501b1',
    'f4ae0516b011e0389080b962358e68e68590341f1ee57bb7982833bc3192c76062aa21',
    'eed3b5ca22a1eca5837fbcc1644bdb6ebe1bb661a95070707fb17b25b1b37ee4b7c2af',
    'd59c25a4ec33e819fe54f846e9cb8539182bee9c8c6843f4c4ff1a7e66ec013eeaa0aa',
    '947fa51e54236e02dda9c87',
    '',
  ].join('\r\n'),
};

/** Vector 6.6: KeyGeneration::generateKeyFile output with its own comment. */
export const JUCE_GENERATED_1024 = {
  plaintext:
    '<?xml version="1.0" encoding="UTF-8"?> <key user="Joe Bloggs" email="joe@example.com" mach="L7C5815F31,0123456789ABCDEF0123456789ABCDEF" app="MyPlugin" date="1a201782a2f"/>',
  keyFile: [
    'Keyfile for MyPlugin',
    'User: Joe Bloggs',
    'Email: joe@example.com',
    'Machine numbers: L7C5815F31,0123456789ABCDEF0123456789ABCDEF',
    'Created: 22 Nov 2026 4:16:22am',
    '',
    '#30fc8301e946f26a30b4e4c4a9892a5e231d77bb7250ff954637455579eed7c9f5d03',
    'bb44db8f3194ffe81ad292cd04d266c31caee16a973d43385c63151b071dd150fb74e2',
    '20799fc3e9f985d208c8fb03fd5f715a8e590aaa89676985aa5b3ad82afbaeb1a458b8',
    '5caa301fea1b517cd8ce6812b4bd38ad2641784d211ac10db62eb1b34a47376771fa9e',
    'fd3f1fab5993c83dab190fd5ffb3776e789f92974d3c9e45d2a16aa2c2d65b85d38dae',
    'cad9bedaf42e3b32c7f73d66d0f8e61dea93f8b4796e3371eb3ea6e3825e5b71ef55d4',
    'e1575d2aad3007f8ccdc46fb05dea95cbf2ebd8a9f96f332b5e8598736bd43ea593f3b',
    '798e071495d407755c9f74f',
    '',
  ].join('\r\n'),
};
