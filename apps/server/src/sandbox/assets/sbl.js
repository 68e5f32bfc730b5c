/*
 * The checkout sandbox: a stand-in for FastSpring's Store Builder Library (fastspring-builder.js), served at
 * /sandbox/sbl.js when no FASTSPRING_STOREFRONT is configured. The page loads it exactly as the real script:
 *
 *   <script id="fsc-api" src="/sandbox/sbl.js" data-storefront="…" data-data-callback="…"
 *           data-popup-closed="onFSPopupClosed" data-error-callback="…" …></script>
 *
 * Same attributes (read once, at load), same window.fastspring.builder methods and push whitelist, same timing
 * (requests one at a time through a queue; the data callback fires asynchronously once the queue has drained,
 * with the last answer), same data shape (built by the server from the product table and the settings), and the
 * same popup: div#fscCanvas with iframe#fsc-popup-frame, closed by a postMessage {fscPopupMessage:{action:'close',
 * orderReferences}} after the server has sent the order's webhook. Callbacks are looked up on window by name each
 * time they are called, and their exceptions are caught and logged. No eval, no inline code: CSP script-src 'self'.
 */
/* global window, document */
(function () {
  'use strict';
  var script = document.querySelector('script#fsc-api');
  if (!script || (window.fastspring && window.fastspring.builder)) return;

  var attribute = function (name) {
    return script.getAttribute(name) || '';
  };
  var storefront = attribute('data-storefront');
  var isContinuous = attribute('data-continuous') === 'true';
  var isDebug = attribute('data-debug') === 'true';
  var names = {
    data: attribute('data-data-callback'),
    error: attribute('data-error-callback'),
    popupClosed: attribute('data-popup-closed'),
    webhookReceived: attribute('data-popup-webhook-received'),
    eventReceived: attribute('data-popup-event-received'),
    beforeRequests: attribute('data-before-requests-callback'),
    afterRequests: attribute('data-after-requests-callback'),
    decorate: attribute('data-decorate-callback'),
  };
  // Mode from the storefront string, as the real script decides it; an empty string (the sandbox) is a popup.
  var mode = /embedded/.test(storefront) ? 'embedded' : storefront === '' || /popup|pinhole/.test(storefront) ? 'popup' : 'redirect';
  var apiUrl = function (path) {
    return new URL('api/' + path, script.src || window.location.href).href;
  };
  var apiOrigin = new URL(script.src || window.location.href).origin;
  var storageKey = 'fscSerial-' + storefront;
  var latestSessionKey = 'fscLatestSession-' + storefront;
  var contactKeys = [
    'firstName',
    'lastName',
    'email',
    'company',
    'addressLine1',
    'addressLine2',
    'city',
    'region',
    'country',
    'postalCode',
    'phoneNumber',
  ];
  var plainKeys = ['postalCode', 'recipient', 'country', 'language', 'taxId', 'paymentMethod', 'cartViewEnabled', 'invoiceDueDate'];

  var log = function () {
    if (isDebug) console.log.apply(console, ['[FastSpring API]'].concat([].slice.call(arguments)));
  };

  function callByName(name, args) {
    var callback = name ? window[name] : undefined;
    if (typeof callback !== 'function') return undefined;
    try {
      return callback.apply(window, args);
    } catch (error) {
      console.error('[FastSpring API] callback ' + name + ' failed', error);
      return undefined;
    }
  }

  function pickContact(given) {
    var contact = {};
    contactKeys.forEach(function (key) {
      if (typeof given[key] === 'string') contact[key] = given[key];
    });
    return contact;
  }

  function emptyCart() {
    return { items: [], coupon: '', tags: {} };
  }

  function loadCart() {
    if (!isContinuous) return emptyCart();
    try {
      var stored = JSON.parse(localStorage.getItem(storageKey) || 'null');
      return stored && stored.expires > Date.now() && stored.session ? stored.session : emptyCart();
    } catch {
      return emptyCart();
    }
  }

  function saveCart() {
    if (!isContinuous) return;
    try {
      localStorage.setItem(storageKey, JSON.stringify({ session: cart, expires: Date.now() + 30 * 60 * 1000 }));
    } catch (error) {
      log('could not keep the session', error);
    }
  }

  function forgetSession() {
    try {
      localStorage.removeItem(storageKey);
      localStorage.removeItem(latestSessionKey);
    } catch (error) {
      log('could not clear the session', error);
    }
  }

  var cart = loadCart();

  // An item's own price (`pricing.price`, per currency): FastSpring takes it only from a secure session.
  function priceOf(product) {
    var price = product.pricing && product.pricing.price;
    if (!price || typeof price !== 'object') return undefined;
    var prices = {};
    Object.keys(price).forEach(function (currency) {
      var amount = Number(price[currency]);
      if (/^[A-Za-z]{3}$/.test(currency) && isFinite(amount) && amount >= 0) prices[currency.toUpperCase()] = amount;
    });
    return Object.keys(prices).length > 0 ? prices : undefined;
  }

  function applyProduct(path, requested, price) {
    if (typeof path !== 'string' || path.trim() === '') return;
    path = path.trim().toLowerCase();
    var existing = cart.items.filter(function (item) {
      return item.path === path;
    })[0];
    var quantity = requested === null || requested === undefined ? (existing ? existing.quantity : 1) : parseInt(requested, 10);
    if (isNaN(quantity)) quantity = 1;
    cart.items = cart.items.filter(function (item) {
      return item.path !== path;
    });
    if (quantity <= 0) return;
    var item = { path: path, quantity: Math.min(quantity, 100) };
    if (price) item.price = price;
    cart.items.push(item);
  }

  // The push whitelist: anything else is dropped silently, as by the real script. A secure session (secure(),
  // decision 036) may also set the items' own prices (`products` or the Sessions API's `items`) and the locked contact.
  function applyToCart(session, isSecure) {
    if (session.reset) cart = emptyCart();
    if (Array.isArray(session.products)) {
      session.products.forEach(function (product) {
        if (product) applyProduct(product.path, product.quantity, isSecure ? priceOf(product) : undefined);
      });
    }
    if (isSecure && Array.isArray(session.items)) {
      session.items.forEach(function (item) {
        if (item) applyProduct(item.product, item.quantity, priceOf(item));
      });
    }
    if (isSecure && session.contact && typeof session.contact === 'object' && typeof session.contact.email === 'string') {
      cart.contact = { email: session.contact.email };
      cart.paymentContact = Object.assign({}, cart.paymentContact, pickContact(session.contact));
    }
    if (typeof session.coupon === 'string') cart.coupon = session.coupon;
    if (session.tags && typeof session.tags === 'object') cart.tags = Object.assign({}, cart.tags, session.tags);
    if (session.paymentContact && typeof session.paymentContact === 'object') {
      cart.paymentContact = Object.assign(pickContact(session.paymentContact), cart.contact);
    }
    plainKeys.forEach(function (key) {
      if (session[key] !== undefined) cart[key] = session[key];
    });
  }

  function post(path, body) {
    return fetch(apiUrl(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.text().then(function (text) {
          if (response.status >= 400) {
            log('request failed', response.status, text);
            callByName(names.error, [response.status, text]);
            return null;
          }
          return text ? JSON.parse(text) : null;
        });
      })
      .catch(function (error) {
        log('request failed', error);
        callByName(names.error, [0, String(error && error.message ? error.message : error)]);
        return null;
      });
  }

  function sessionForServer() {
    return {
      items: cart.items,
      coupon: cart.coupon || '',
      tags: cart.tags || {},
      paymentContact: cart.paymentContact,
      contact: cart.contact,
      country: typeof cart.country === 'string' ? cart.country : undefined,
      language: typeof cart.language === 'string' ? cart.language : undefined,
    };
  }

  var queue = [];
  var isDraining = false;
  var lastData = null;

  // secure(payload, key): an encrypted payload is opened by the server with the vendor's key pair, as FastSpring
  // opens it; in test mode (always, in the sandbox) a plain session object is taken as it is.
  function openSession(entry) {
    if (!entry.sealed) return Promise.resolve(entry.session);
    return post('secure', entry.sealed);
  }

  function handle(entry) {
    return openSession(entry).then(function (session) {
      if (!session) return undefined;
      applyToCart(session, entry.isSecure);
      saveCart();
      return post('session', { cart: sessionForServer() }).then(function (data) {
        return answer(entry, session, data);
      });
    });
  }

  function answer(entry, session, data) {
    if (data) {
      lastData = data;
      if (typeof entry.callback === 'function') {
        try {
          entry.callback(data);
        } catch (error) {
          console.error('[FastSpring API] callback failed', error);
        }
      }
    }
    if (session.checkout && data) return openCheckout();
    return undefined;
  }

  function drain() {
    if (isDraining) return;
    isDraining = true;
    callByName(names.beforeRequests, []);
    var next = function () {
      var entry = queue.shift();
      if (!entry) {
        isDraining = false;
        callByName(names.afterRequests, []);
        if (lastData) callByName(names.data, [lastData]);
        return;
      }
      handle(entry).then(next, next);
    };
    // Always asynchronous: the data callback never runs inside the method call that caused it.
    window.setTimeout(next, 0);
  }

  function enqueue(session, callback, secure) {
    var entry = { session: session && typeof session === 'object' ? session : {}, callback: callback };
    if (secure) {
      entry.isSecure = true;
      entry.sealed = secure.sealed;
    }
    queue.push(entry);
    drain();
  }

  // Checkout: the server fixes the order id and answers the popup's URL.
  function openCheckout() {
    return post('session/finalize', { cart: sessionForServer(), origin: window.location.href }).then(function (answer) {
      if (!answer || !answer.url) return;
      var url = new URL(answer.url, apiOrigin).href;
      var decorated = callByName(names.decorate, [url]);
      if (typeof decorated === 'string' && decorated.indexOf(url) !== -1) url = decorated;
      try {
        localStorage.setItem(latestSessionKey, url);
      } catch (error) {
        log('could not keep the checkout session', error);
      }
      if (mode === 'redirect') {
        window.location.assign(url);
        return;
      }
      showFrame(url);
    });
  }

  var frame = null;
  var canvas = null;
  var previousOverflow = '';

  function showFrame(url) {
    removeFrame();
    frame = document.createElement('iframe');
    frame.id = 'fsc-popup-frame';
    frame.title = 'Checkout';
    frame.src = url;
    frame.setAttribute('allowtransparency', 'true');
    frame.style.cssText = 'border:0;width:100%;height:100%;background:transparent;display:block;';
    var container = mode === 'embedded' ? document.getElementById('fsc-embedded-checkout-container') : null;
    if (container) {
      frame.style.height = '640px';
      container.appendChild(frame);
      return;
    }
    canvas = document.createElement('div');
    canvas.id = 'fscCanvas';
    canvas.className = 'fs-popup-background';
    canvas.style.cssText = 'position:fixed;top:0;left:0;right:0;bottom:0;z-index:10000;background:rgba(0,0,0,0.5);';
    canvas.appendChild(frame);
    document.body.appendChild(canvas);
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }

  function removeFrame() {
    var oldCanvas = canvas;
    var oldFrame = frame;
    canvas = null;
    frame = null;
    if (oldCanvas) {
      document.body.style.overflow = previousOverflow;
      window.setTimeout(function () {
        oldCanvas.remove();
      }, 500);
    } else if (oldFrame) {
      oldFrame.remove();
    }
  }

  function closeCheckout(orderReferences) {
    if (!frame) return;
    removeFrame();
    var isCompleted = Boolean(orderReferences && orderReferences.id);
    if (isCompleted) forgetSession();
    callByName(names.popupClosed, [isCompleted ? { id: orderReferences.id, reference: orderReferences.reference } : null]);
    // As the real script: a new, empty cart after a purchase (or always without continuous mode).
    if (isCompleted || !isContinuous) builder.reset();
    else builder.updateSession();
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== apiOrigin || !frame || event.source !== frame.contentWindow) return;
    var message = event.data && event.data.fscPopupMessage;
    if (!message || typeof message !== 'object') return;
    if (message.action === 'close') closeCheckout(message.orderReferences || null);
    else if (message.action === 'hook') callByName(names.webhookReceived, [message.hookData]);
    else if (message.action === 'event') callByName(names.eventReceived, [message.eventData]);
  });

  var builder = {
    push: function (session, callback) {
      enqueue(session, callback);
    },
    add: function (path, callback) {
      enqueue({ products: [{ path: path, quantity: null }] }, callback);
    },
    update: function (path, quantity, callback) {
      enqueue({ products: [{ path: path, quantity: parseInt(quantity, 10) }] }, callback);
    },
    remove: function (path, callback) {
      enqueue({ products: [{ path: path, quantity: 0 }] }, callback);
    },
    promo: function (code, callback) {
      enqueue({ coupon: code }, callback);
    },
    tag: function (key, value, callback) {
      if (key && typeof key === 'object') enqueue({ tags: key }, value);
      else {
        var tags = {};
        tags[key] = value;
        enqueue({ tags: tags }, callback);
      }
    },
    recognize: function (contact, firstName, lastName) {
      if (contact && typeof contact === 'object') enqueue({ paymentContact: contact });
      else enqueue({ paymentContact: { email: contact, firstName: firstName, lastName: lastName } });
    },
    recognizeRecipients: function (recipient, callback) {
      enqueue({ recipient: recipient }, callback);
    },
    country: function (country, callback) {
      enqueue({ country: country }, callback);
    },
    language: function (language, callback) {
      enqueue({ language: language }, callback);
    },
    postalCode: function (postalCode, callback) {
      enqueue({ postalCode: postalCode }, callback);
    },
    taxId: function (taxId, callback) {
      enqueue({ taxId: taxId }, callback);
    },
    reset: function (callback) {
      forgetSession();
      enqueue({ reset: true }, callback);
    },
    clean: function (callback) {
      enqueue({ clean: true }, callback);
    },
    checkout: function (sessionId, callback) {
      enqueue({ checkout: true }, typeof sessionId === 'function' ? sessionId : callback);
    },
    viewCart: function (callback) {
      enqueue({ cartViewEnabled: true, checkout: true }, callback);
    },
    payment: function (method, callback) {
      enqueue({ paymentMethod: method, checkout: true }, callback);
    },
    updateSession: function (callback) {
      enqueue({ close: true }, callback);
    },
    // Test mode accepts a plain session object without a key, as the real script does; an encrypted payload needs
    // its key (and the server the vendor's key pair).
    secure: function (payload, key, callback) {
      if (typeof key === 'function') callback = key;
      if (typeof payload === 'string' && typeof key === 'string' && key !== '') {
        enqueue({}, callback, { sealed: { securePayload: payload, secureKey: key } });
      } else if (payload && typeof payload === 'object') {
        enqueue(payload, callback, {});
      } else {
        callByName(names.error, [400, 'secure() needs a session object, or an encrypted payload and its key.']);
      }
    },
    authenticate: function (payload, key, callback) {
      enqueue({}, callback);
    },
    _uninstall: function () {
      var element = document.querySelector('script#fsc-api');
      if (element) element.remove();
      delete window.fastspring;
      delete window._f;
    },
  };

  var api = { builder: builder, sandbox: true };
  Object.defineProperty(window, 'fastspring', { value: api, configurable: true, writable: true });
  Object.defineProperty(window, '_f', { value: api, configurable: true, writable: true });

  // The first request answers the catalogue and the (empty or kept) cart, as GET /builder does.
  var initial = window.fscSession && typeof window.fscSession === 'object' ? window.fscSession : {};
  enqueue(initial);
  log('sandbox ready', { storefront: storefront, mode: mode });
})();
