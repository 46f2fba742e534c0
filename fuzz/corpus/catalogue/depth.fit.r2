[[claim]]
id = "depth.fit.r2"
claim = 't'
source = 't'
published = "0.998"
tolerance = 't'
expr = "depth.fit().r2 ~= 0.998 [truncate]"
