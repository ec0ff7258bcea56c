// Renders /openapi.yaml with the bundled Swagger UI (no CDN: served from node_modules).
window.ui = SwaggerUIBundle({ url: '/openapi.yaml', dom_id: '#swagger-ui', deepLinking: true });
