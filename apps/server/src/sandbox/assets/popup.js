/*
 * The checkout sandbox's popup (served at /sandbox/popup inside the page's iframe#fsc-popup-frame). Pay asks the
 * server to send the signed order.completed webhook; only when it was taken does the popup tell the page to
 * close, with the order's {id, reference}, as FastSpring's popup does through postMessage.
 */
/* global window, document */
(function () {
  'use strict';
  var form = document.getElementById('fsc-pay-form');
  var cancel = document.getElementById('fsc-cancel');
  var errorLine = document.getElementById('fsc-error');
  var isFramed = window.parent !== window;
  var returnUrl = (form && form.getAttribute('data-origin')) || '';
  var targetOrigin = (function () {
    try {
      return returnUrl ? new URL(returnUrl).origin : window.location.origin;
    } catch {
      return window.location.origin;
    }
  })();

  function tellPage(message) {
    if (isFramed) window.parent.postMessage({ fscPopupMessage: message }, targetOrigin);
  }

  function leave(orderReferences) {
    if (isFramed) {
      tellPage(orderReferences ? { action: 'close', orderReferences: orderReferences } : { action: 'close' });
    } else if (returnUrl) {
      window.location.assign(returnUrl);
    }
  }

  if (cancel)
    cancel.addEventListener('click', function () {
      leave(null);
    });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') leave(null);
  });
  if (!form) return;

  // Each listed country's tax and total are in the page: the chosen country's show (decision 061).
  var country = form.elements.namedItem('country');
  country.addEventListener('change', function () {
    var rows = document.querySelectorAll('tbody[data-country]');
    for (var index = 0; index < rows.length; index++) {
      rows[index].hidden = rows[index].getAttribute('data-country') !== country.value;
    }
  });

  var button = form.querySelector('button[type="submit"]');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var value = function (name) {
      return form.elements.namedItem(name).value.trim();
    };
    errorLine.textContent = '';
    button.disabled = true;
    fetch('/sandbox/api/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session: form.getAttribute('data-session'),
        email: value('email'),
        firstName: value('firstName'),
        lastName: value('lastName'),
        country: value('country'),
      }),
    })
      .then(function (response) {
        return response.text().then(function (text) {
          if (!response.ok) throw new Error(text || 'The payment failed.');
          return JSON.parse(text);
        });
      })
      .then(function (order) {
        var references = { id: order.id, reference: order.reference };
        tellPage({
          action: 'hook',
          hookData: { id: order.id, type: 'browser.order.completed', live: false, created: Date.now(), data: references },
        });
        leave(references);
      })
      .catch(function (error) {
        errorLine.textContent = error.message;
        button.disabled = false;
      });
  });
})();
