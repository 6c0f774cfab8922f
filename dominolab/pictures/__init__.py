"""Pictures: the layout solver and scene values (:mod:`.picture`), the light SVG
writer (:mod:`.svg`), the Matplotlib writer and charts (:mod:`.drawing`,
:mod:`.charts`), file export and the try-it box's pictures."""
