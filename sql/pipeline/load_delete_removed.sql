DELETE FROM carriers c
USING load_delta d
WHERE c.dot_number = d.dot_number AND d.op = 'delete'
