# A Mac whose memory holds the 16-bit checkpoint, sized at the 8-bit file its owner downloads.
assumed-precision-mac = { $precision }, the 8-bit file Mac owners download: the { $native } checkpoint would fit too, but a Mac reads every weight for each token, so it would run at about half the speed and leave less room for context (no precision given)
