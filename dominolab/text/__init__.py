"""Words: step texts in German and English, narration of events, text drawings."""
