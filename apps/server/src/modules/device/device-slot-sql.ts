// The device-slot rule's SQL, written once (issue 28, decision 063): what a registration reads of a licence's
// computers, and how it takes the lowest free slot. Every statement of device.repository.ts that counts a licence's
// computers, reads the asking computer's stored key or takes a slot builds it from these fragments, so the plug-in
// registration (by serial, by key file, signed in advance) and the JUCE unlock cannot drift apart.
// `device-slot-sql.test.ts` fails on a copy written by hand anywhere else.

/**
 * The device state columns of the licence whose id is `orderId` (an SQL expression): `devices`, how many computers
 * it holds, `known_key`, the stored key of the computer `deviceId` (a parameter; JUCE compares IDs ignoring case),
 * and `known_key_expires_at`, that key's end when it is an expiring key of the module (decision 041; null: permanent).
 */
export const deviceStateColumns = (orderId: string, deviceId: string) =>
  `(SELECT count(*)::int FROM order_device d WHERE d.order_id = ${orderId}) AS devices,
   (SELECT min(d.device_id_hash_encrypted) FROM order_device d
     WHERE d.order_id = ${orderId} AND lower(d.device_id_hash) = lower(${deviceId})) AS known_key,
   (SELECT min(d.key_expires_at) FROM order_device d
     WHERE d.order_id = ${orderId} AND lower(d.device_id_hash) = lower(${deviceId})) AS known_key_expires_at`;

/**
 * Inserts the computer in the lowest free slot (1..`maxDevices`, a parameter) of the licence the CTE `licence`
 * answers (column `id`; none: nothing inserted). `values` maps order_device's columns to SQL expressions. The unique
 * (order, slot) and (order, device) constraints decide between concurrent registrations in any number of
 * processes: a fifth computer or a double cannot exist, and a lost race inserts nothing (ON CONFLICT DO NOTHING).
 */
export const insertInLowestFreeSlot = (maxDevices: string, values: Readonly<Record<string, string>>) =>
  `INSERT INTO order_device (order_id, slot, ${Object.keys(values).join(', ')})
   SELECT licence.id, free.slot, ${Object.values(values).join(', ')} FROM licence
     CROSS JOIN LATERAL (SELECT s.slot FROM generate_series(1, ${maxDevices}::int) AS s (slot)
                          WHERE NOT EXISTS (SELECT 1 FROM order_device d WHERE d.order_id = licence.id AND d.slot = s.slot)
                          ORDER BY s.slot LIMIT 1) AS free
   ON CONFLICT DO NOTHING`;
