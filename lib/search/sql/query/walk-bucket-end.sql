-- The page of a bucket walk (walk-bucket-start.sql): its lists merged in name order.
ORDER BY name, id
OFFSET (SELECT skip FROM walk) LIMIT $4
