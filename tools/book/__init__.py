"""The tools that make the book's site: the build, its English edition, the notebooks, the offline list,
publishing, and the parts fetched or generated for it (``python -m tools`` lists them)."""
